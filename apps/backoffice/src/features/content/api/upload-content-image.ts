import { BACKOFFICE_CALLS, callWithParams, type UploadedImage } from '@parlay/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /bo/api/brands/:brand/content/images: the body is the image; answers where the site loads it. */
export function uploadContentImage(brand: string, file: Blob): Promise<UploadedImage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.uploadContentImage, { brand }), {
    rawBody: { data: file, contentType: 'application/octet-stream' },
  });
}

export function useUploadContentImage(brand: string) {
  return useMutation({ mutationFn: (file: Blob) => uploadContentImage(brand, file) });
}
