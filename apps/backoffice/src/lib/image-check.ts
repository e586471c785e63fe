/** Why an image cannot be sent, or null: checked by its first bytes (never its name or declared type) and size. */
export type ImageProblem = 'type' | 'size';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

async function headOf(file: Blob, length: number): Promise<Uint8Array> {
  const slice = file.slice(0, length);
  // jsdom's Blob has no arrayBuffer(); the browser's does.
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Uint8Array(
    await new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsArrayBuffer(slice);
    }),
  );
}

/** A PNG or JPEG within `maxBytes`, as the server will check it again: else which rule it breaks. */
export async function imageProblem(file: Blob, maxBytes: number): Promise<ImageProblem | null> {
  if (file.size > maxBytes) return 'size';
  const head = await headOf(file, PNG.length);
  return startsWith(head, PNG) || startsWith(head, JPEG) ? null : 'type';
}
