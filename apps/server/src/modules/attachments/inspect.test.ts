import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  AttachmentRefused,
  cleanFileName,
  contentDisposition,
  inspectAttachment,
  sniff,
  type InspectLimits,
} from './inspect.js';

const limits: InspectLimits = { pdfMaxPages: 5, maxImagePixels: 4_000_000, pdfTimeoutMs: 15_000 };

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
const pdf = async (pages: number) => {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i++) document.addPage().drawText(`page ${i + 1}`);
  return Buffer.from(await document.save({ addDefaultPage: false }));
};

async function refusal(data: Buffer, l: InspectLimits = limits) {
  const error = await inspectAttachment(data, l).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AttachmentRefused);
  return (error as AttachmentRefused).reason;
}

describe('attachment inspection', () => {
  it('should accept a real PNG, keep its size and re-encode it', async () => {
    const result = await inspectAttachment(await png(), limits);
    expect(result).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      extension: 'png',
      width: 64,
      height: 48,
    });
    expect(sniff(result.data)).toEqual({ kind: 'image', format: 'png' });
  });

  it('should strip metadata (EXIF) from a JPEG and apply its orientation', async () => {
    // 40x20 stored, EXIF orientation 6 (rotate 90): shown as 20x40.
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0a0' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-camera-serial' } } })
      .toBuffer();
    expect(jpeg.includes('secret-camera-serial')).toBe(true);
    const result = await inspectAttachment(jpeg, limits);
    expect(result).toMatchObject({ mime: 'image/jpeg', width: 20, height: 40 });
    expect(result.data.includes('secret-camera-serial')).toBe(false);
    expect((await sharp(result.data).metadata()).orientation).toBeUndefined();
  });

  it('should accept WebP', async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } })
      .webp()
      .toBuffer();
    expect(await inspectAttachment(webp, limits)).toMatchObject({ kind: 'image', mime: 'image/webp' });
  });

  it('should refuse a truncated PNG as broken', async () => {
    const full = await png(200, 200);
    expect(await refusal(full.subarray(0, Math.floor(full.length / 2)))).toBe('attachment_image_broken');
  });

  it('should refuse a PNG header followed by garbage as broken', async () => {
    const full = await png();
    expect(await refusal(Buffer.concat([full.subarray(0, 33), randomBytes(400)]))).toBe(
      'attachment_image_broken',
    );
  });

  it('should refuse an image larger than the pixel limit (pixel flood)', async () => {
    expect(await refusal(await png(2100, 2000))).toBe('attachment_limit_size');
  });

  it('should refuse random bytes and other formats as unsupported', async () => {
    expect(await refusal(randomBytes(2048))).toBe('attachment_type_unsupported');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect(await refusal(gif)).toBe('attachment_type_unsupported');
    expect(await refusal(Buffer.from('<html><script>alert(1)</script></html>'))).toBe(
      'attachment_type_unsupported',
    );
  });

  it('should refuse an empty file', async () => {
    expect(await refusal(Buffer.alloc(0))).toBe('attachment_missing');
  });

  it('should accept a one-page PDF as it was uploaded', async () => {
    const file = await pdf(1);
    const result = await inspectAttachment(file, limits);
    expect(result).toMatchObject({ kind: 'pdf', mime: 'application/pdf', pages: 1, width: null });
    expect(result.data.equals(file)).toBe(true);
  });

  it('should refuse a PDF with more pages than the limit', async () => {
    expect(await refusal(await pdf(6))).toBe('attachment_pdf_page_limit');
    expect((await inspectAttachment(await pdf(5), limits)).pages).toBe(5);
  });

  it('should refuse a PDF without pages', async () => {
    expect(await refusal(await pdf(0))).toBe('attachment_pdf_empty');
  });

  it('should refuse corrupt PDFs as broken', async () => {
    const file = await pdf(2);
    expect(await refusal(file.subarray(0, Math.floor(file.length / 2)))).toBe('attachment_pdf_broken');
    expect(await refusal(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000)]))).toBe(
      'attachment_pdf_broken',
    );
  });

  it('should call a PDF broken when parsing takes longer than allowed', async () => {
    expect(await refusal(await pdf(1), { ...limits, pdfTimeoutMs: 1 })).toBe('attachment_pdf_broken');
  });
});

describe('file names', () => {
  it.each([
    ['statement.pdf', 'pdf', 'statement.pdf'],
    ['photo.PNG', 'jpg', 'photo.jpg'],
    ['../../etc/passwd.png', 'pdf', 'passwd.pdf'],
    ['C:\\Users\\me\\receipt.jpeg', 'jpg', 'receipt.jpg'],
    ['invoice\u202Efdp.exe', 'pdf', 'invoicefdp.pdf'],
    ['  ..hidden  ', 'png', 'hidden.png'],
    ['a<b>:"c|?*.pdf', 'pdf', 'abc.pdf'],
    ['', 'png', 'attachment.png'],
    [undefined, 'pdf', 'attachment.pdf'],
    ['x'.repeat(300) + '.pdf', 'pdf', 'x'.repeat(100) + '.pdf'],
    ['report.v2.final', 'pdf', 'report.v2.pdf'],
  ])('should clean %j to %j', (input, extension, expected) => {
    expect(cleanFileName(input, extension)).toBe(expected);
  });

  it('should encode the name in Content-Disposition with an ASCII fallback', () => {
    expect(contentDisposition('attachment', 'extracto año "1".pdf')).toBe(
      `attachment; filename="extracto a_o _1_.pdf"; filename*=UTF-8''extracto%20a%C3%B1o%20%221%22.pdf`,
    );
  });
});
