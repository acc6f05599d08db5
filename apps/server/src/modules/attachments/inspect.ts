import { Worker } from 'node:worker_threads';
import sharp, { type OutputInfo } from 'sharp';
import type { AttachmentKind, AttachmentMimeType, AttachmentRefusalReason } from '@app/contract';

/**
 * Decides what an uploaded file really is, from its bytes only: the name and the declared type are the
 * uploader's claims and are ignored. Images must decode completely (sharp) and are re-encoded, which
 * drops their metadata (GPS position, camera serial) and any bytes hidden after the image. PDFs must
 * parse (pdf-lib, in a worker thread) and have between 1 and the configured number of pages.
 */

export type InspectLimits = {
  /** Most pages a PDF may have. */
  pdfMaxPages: number;
  /** Largest image in pixels (width x height): a tiny file can declare a huge canvas ("pixel flood"). */
  maxImagePixels: number;
  /** How long a PDF may take to parse before it counts as broken. */
  pdfTimeoutMs: number;
};

export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;
export const DEFAULT_PDF_TIMEOUT_MS = 15_000;

/** A file we refuse, with the spec's reason code and a message for the uploader. */
export class AttachmentRefused extends Error {
  constructor(
    readonly reason: AttachmentRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'AttachmentRefused';
  }
}

export type InspectedAttachment = {
  kind: AttachmentKind;
  mime: AttachmentMimeType;
  /** The extension that matches the content (`jpg`, `png`, `webp`, `pdf`). */
  extension: string;
  /** The bytes to store: the re-encoded image, or the PDF as uploaded. */
  data: Buffer;
  width: number | null;
  height: number | null;
  pages: number | null;
};

type Sniffed = { kind: 'image'; format: 'jpeg' | 'png' | 'webp' } | { kind: 'pdf' };

const startsWith = (data: Buffer, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);

/** Magic bytes of the formats we accept; anything else is not one of them, whatever its name says. */
export function sniff(data: Buffer): Sniffed | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { kind: 'image', format: 'jpeg' };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: 'image', format: 'png' };
  }
  // RIFF....WEBP
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { kind: 'image', format: 'webp' };
  }
  // "%PDF-" at the very start. Readers tolerate junk before it; we do not, it is where polyglots hide.
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { kind: 'pdf' };
  return null;
}

const IMAGE_TYPES = {
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  png: { mime: 'image/png', extension: 'png' },
  webp: { mime: 'image/webp', extension: 'webp' },
} as const;

export async function inspectAttachment(data: Buffer, limits: InspectLimits): Promise<InspectedAttachment> {
  if (data.length === 0) throw new AttachmentRefused('attachment_missing', 'The file is empty.');
  const sniffed = sniff(data);
  if (!sniffed) {
    throw new AttachmentRefused(
      'attachment_type_unsupported',
      'Only JPEG, PNG and WebP images and PDF documents can be attached.',
    );
  }
  return sniffed.kind === 'pdf' ? inspectPdf(data, limits) : inspectImage(data, sniffed.format, limits);
}

async function inspectImage(
  data: Buffer,
  format: keyof typeof IMAGE_TYPES,
  limits: InspectLimits,
): Promise<InspectedAttachment> {
  // failOn 'error': a truncated or corrupt image fails; harmless warnings (odd but complete files) pass.
  const options = { failOn: 'error', limitInputPixels: limits.maxImagePixels, animated: false } as const;
  let output: { data: Buffer; info: OutputInfo };
  try {
    const metadata = await sharp(data, options).metadata();
    if (metadata.format !== format) {
      throw new Error(`content says ${format}, decoder says ${metadata.format}`);
    }
    // rotate() applies the EXIF orientation before the metadata goes, so the picture stays upright.
    // Re-encoding decodes every pixel: a file that only has a valid header fails here.
    const pipeline = sharp(data, options).rotate();
    const encoded =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 90, mozjpeg: false })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 6 })
          : pipeline.webp({ quality: 90 });
    output = await encoded.toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AttachmentRefused(
        'attachment_limit_size',
        `The image is too large: at most ${Math.round(limits.maxImagePixels / 1_000_000)} megapixels.`,
      );
    }
    throw new AttachmentRefused('attachment_image_broken', 'The image is damaged or incomplete.');
  }
  return {
    kind: 'image',
    ...IMAGE_TYPES[format],
    data: output.data,
    width: output.info.width,
    height: output.info.height,
    pages: null,
  };
}

type PdfResult = { ok: true; pages: number } | { ok: false; encrypted: boolean; message: string };

/** Runs pdf-lib in a worker with a memory cap and a timeout; a crash or a timeout means a broken file. */
function parsePdf(data: Buffer, timeoutMs: number): Promise<PdfResult> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url), {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (result: PdfResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, encrypted: false, message: 'timed out' }), timeoutMs);
    worker.once('message', (message: PdfResult) => finish(message));
    worker.once('error', (error) => finish({ ok: false, encrypted: false, message: error.message }));
    worker.once('exit', (code) =>
      finish({ ok: false, encrypted: false, message: `worker exited (${code})` }),
    );
  });
}

async function inspectPdf(data: Buffer, limits: InspectLimits): Promise<InspectedAttachment> {
  const result = await parsePdf(data, limits.pdfTimeoutMs);
  if (!result.ok) {
    throw new AttachmentRefused(
      'attachment_pdf_broken',
      result.encrypted
        ? 'The PDF is password-protected. Attach a copy without a password.'
        : 'The PDF is damaged and cannot be opened.',
    );
  }
  if (result.pages === 0) throw new AttachmentRefused('attachment_pdf_empty', 'The PDF has no pages.');
  if (result.pages > limits.pdfMaxPages) {
    throw new AttachmentRefused(
      'attachment_pdf_page_limit',
      `The PDF has ${result.pages} pages; at most ${limits.pdfMaxPages} are allowed.`,
    );
  }
  // Stored as uploaded: rewriting a PDF could break the bank's signature that makes it evidence.
  return {
    kind: 'pdf',
    mime: 'application/pdf',
    extension: 'pdf',
    data,
    width: null,
    height: null,
    pages: result.pages,
  };
}

// Control characters (C0, DEL, C1), characters Windows forbids in names, zero-width and bidi controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are removed.
const CONTROL_AND_RESERVED = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The uploader's file name made safe to store and show: no path, no control or bidi characters (which
 * can disguise `exe.pdf` as `fdp.exe`), at most 100 characters, and the extension of what the file
 * really is. `../../etc/passwd.png` holding a PDF becomes `passwd.pdf`.
 */
export function cleanFileName(name: string | undefined, extension: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  let stem = base.normalize('NFC').replace(CONTROL_AND_RESERVED, '').replace(/\s+/g, ' ').trim();
  const dot = stem.lastIndexOf('.');
  if (dot > 0 && /^[A-Za-z0-9]{1,5}$/.test(stem.slice(dot + 1))) stem = stem.slice(0, dot);
  stem = stem.replace(/^[.\s]+|[.\s]+$/g, '');
  // Cut by code points, not UTF-16 units, so a cut never splits an emoji in half.
  stem = Array.from(stem).slice(0, 100).join('').trim();
  return `${stem || 'attachment'}.${extension}`;
}

/** `Content-Disposition` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
