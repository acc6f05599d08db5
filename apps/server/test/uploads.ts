import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

export type Part =
  { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body, built by hand so each test controls names, types and bytes exactly. */
export function multipart(parts: Part[]) {
  const boundary = `----p2p-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const png = (width = 60, height = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 220 } } })
    .png()
    .toBuffer();

export const jpeg = () =>
  sharp({ create: { width: 30, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();

export const pdf = async (pages: number) => {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i++) document.addPage().drawText(`Statement page ${i + 1}`);
  return Buffer.from(await document.save({ addDefaultPage: false }));
};
