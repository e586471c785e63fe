// Code and docs cite only what a reader of the repository has. This fails, naming each `file:line`:
// - on a citation of a document that was never in the repository: the design brief, or a numbered section
//   of the product's first description (documents 01 and 02), whose content now lives in docs/product/
//   (docs/product/README.md, "Old section numbers", says where each went);
// - on a citation of a file of the repository that does not exist, or of a heading it does not have:
//   `docs/product/accounts.md#sign-in-flow`, `docs/decisions/0006-request-encryption-jwe.md#decision`,
//   `ARCHITECTURE.md#modules`, and in docs' Markdown the relative links `[text](accounts.md#sign-in-flow)`.
// An anchor is a heading as GitHub makes it: lower case, punctuation dropped, each space a hyphen.
// `npm run lint` runs it after check-modules.mjs, over the files git tracks or would track; this file and
// its test, whose examples are such citations, are left out. Both spell the patterns so that the grep of
// issue 31 finds nothing in them either.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folders of the repository's code and docs, and its top-level Markdown files. */
const SCANNED = /^(apps|packages|docs|e2e|bench|scripts)\/|^[^/]+\.md$/;
const SKIPPED = /(^|\/)(node_modules|dist)\//;

/** A document the repository does not have, or one of its numbered sections. */
const OUTSIDE = /DESIGN\.md|\bspec 0[12]\b|\bspec \u00a7/i;

/** A repository path cited from anywhere, read from the repository's root (a record's number in digits). */
const ROOT_PATH =
  /(?<![\w./-])((?:docs\/product\/[\w.-]+?|docs\/decisions\/\d{4}-[\w.-]+?|ARCHITECTURE|README|CONTRIBUTING)\.md)(?:#([\p{L}\p{N}_-]+))?/gu;
/** A relative Markdown link of a docs file, read from the file's folder: `](x.md#a)`, `](#a)`. */
const MARKDOWN_LINK = /\]\((?!https?:|mailto:)([^)\s#]*?\.md)?(?:#([^)\s]+))?\)/g;

/** The anchor GitHub gives a heading: its text as shown, lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings (fenced code left out), a repeated one numbered as GitHub does. */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const anchor = anchorOf(heading[1]);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

/**
 * The citations of one file that point outside the repository or at nothing, as `file:line: why`.
 * `readFile(pathFromRoot)` gives a file's text, or null when the repository has no such file.
 */
export function citationProblems(file, text, readFile) {
  const brokenTarget = (target, anchor) => {
    const markdown = readFile(target);
    if (markdown === null) return `${target} does not exist`;
    if (anchor === undefined || !target.endsWith('.md')) return null;
    return anchorsOf(markdown).has(decodeURIComponent(anchor)) ? null : `${target} has no heading #${anchor}`;
  };
  const markdownDoc = file.endsWith('.md') && (file.startsWith('docs/') || !file.includes('/'));
  const problems = [];
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (OUTSIDE.test(line)) problems.push(`${where}: cites a document the repository does not have: ${line.trim()}`);
    const targets = [...line.matchAll(ROOT_PATH)].map((match) => [match[1], match[2]]);
    if (markdownDoc) {
      for (const match of line.matchAll(MARKDOWN_LINK)) {
        const target = match[1] ? path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])) : file;
        targets.push([target, match[2]]);
      }
    }
    for (const [target, anchor] of targets) {
      const broken = brokenTarget(target, anchor);
      if (broken) problems.push(`${where}: ${broken}`);
    }
  });
  return problems;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const self = path.relative(root, fileURLToPath(import.meta.url));
  const skipped = new Set([self, self.replace(/\.mjs$/, '.test.mjs')]);
  const isFile = (file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile();
  const texts = new Map();
  const readFile = (file) => {
    if (!texts.has(file)) texts.set(file, isFile(file) ? readFileSync(path.join(root, file), 'utf8') : null);
    return texts.get(file);
  };
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = [...new Set(listed.split('\0'))]
    .filter((file) => SCANNED.test(file) && !SKIPPED.test(file) && !skipped.has(file) && isFile(file))
    .sort();
  const problems = files.flatMap((file) => {
    const text = readFile(file);
    return text.includes('\0') ? [] : citationProblems(file, text, readFile);
  });
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error(
      `${problems.length} citation(s) to fix: cite a file of the repository and one of its headings, e.g.` +
        ' docs/product/accounts.md#sign-in-flow (docs/product/README.md, "Citing a section").',
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
