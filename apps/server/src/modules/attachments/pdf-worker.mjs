/**
 * Parses one PDF off the main thread. pdf-lib is synchronous JavaScript: a crafted 10 MB file with
 * thousands of objects keeps it busy for seconds, which on the main thread would stall every request.
 * Here it only stalls this worker, which the caller kills after a timeout (see inspect.ts).
 *
 * Input (workerData): the file's bytes. Output (one message): `{ ok: true, pages }` or
 * `{ ok: false, encrypted, message }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';

try {
  // throwOnInvalidObject: a damaged object is a broken file, not something to skip silently.
  const document = await PDFDocument.load(workerData, { throwOnInvalidObject: true, updateMetadata: false });
  // Walking the page tree makes sure every page object resolves (getPageCount alone only counts leaves).
  const pages = document.getPages();
  for (const page of pages) page.getSize();
  parentPort.postMessage({ ok: true, pages: pages.length });
} catch (error) {
  parentPort.postMessage({
    ok: false,
    encrypted: error?.name === 'EncryptedPDFError' || error?.constructor?.name === 'EncryptedPDFError',
    message: String(error?.message ?? error).slice(0, 200),
  });
}
