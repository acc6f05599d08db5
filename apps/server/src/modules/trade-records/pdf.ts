import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { TradeRecord, TradeRecordEntry } from '@app/contract';

/**
 * The trade record as a PDF for people: every entry in order with its hash. A reading aid only: the
 * JSON is the verifiable copy, and the PDF says so on its first page.
 *
 * pdf-lib's standard fonts encode WinAnsi (Latin-1 plus a few signs) only. Every other character is
 * first transliterated when it decomposes to Latin letters (é -> e is not needed, ŝ -> s is), and
 * otherwise written visibly as its code point, e.g. `[U+1F44B]`: never dropped in silence, never a crash.
 */

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const SIZE = { title: 15, text: 9.5, small: 7.5 };

/** Text the font can draw: unsupported characters transliterated or shown as [U+XXXX]. */
export function pdfSafeText(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ')) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n' || supported.has(code)) {
      out += char;
      continue;
    }
    const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
    if (plain && [...plain].every((c) => supported.has(c.codePointAt(0) ?? 0))) {
      out += plain;
      continue;
    }
    out += `[U+${code.toString(16).toUpperCase().padStart(4, '0')}]`;
  }
  return out;
}

/** Lines of at most `width` points; words longer than a line (hashes) are cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** One entry in words (the JSON holds every field; this says what happened). */
function describe(entry: TradeRecordEntry): { title: string; body: string } {
  switch (entry.kind) {
    case 'chain_started':
      return {
        title: 'Chain started (trade older than its record)',
        body: `${entry.payload.note} Status then: ${entry.payload.statusAtStart}.`,
      };
    case 'trade_opened': {
      const p = entry.payload;
      return {
        title: 'Trade opened',
        body: [
          `Buyer ${p.buyer}, seller ${p.seller} (${p.offerType} offer), ${p.paymentMethod}.`,
          `${p.fiatAmount} ${p.fiatCurrencyCode} at ${p.fiatPrice} ${p.fiatCurrencyCode}/${p.cryptoCode}; ` +
            `${p.cryptoAmount} base units of ${p.cryptoCode}, escrow ${p.escrowAmount}, fee ${p.feeAmount}; ` +
            `payment window ${p.paymentWindowMinutes} min. Status: ${p.status}.`,
          `Chat: ${p.text}`,
        ].join('\n'),
      };
    }
    case 'status_changed':
      return { title: `Status: ${entry.payload.status}`, body: entry.payload.text };
    case 'message': {
      const p = entry.payload;
      const who = p.author ? `${p.author.username} (${p.author.role})` : 'System';
      return { title: `Message from ${who}`, body: p.text };
    }
    case 'attachment': {
      const p = entry.payload;
      const who = p.author ? `${p.author.username} (${p.author.role})` : 'System';
      return {
        title: `File from ${who}: ${p.name}`,
        body: `${p.mime}, ${p.size} bytes. SHA-256 of the file: ${p.sha256 ?? '(the file was missing when the chain was built)'}`,
      };
    }
  }
}

export async function renderTradeRecordPdf(record: TradeRecord): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Trade record ${record.trade}`);
  doc.setCreator('p2p marketplace');
  doc.setCreationDate(new Date(record.generatedAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const supported = new Set(regular.getCharacterSet());
  const width = PAGE.width - 2 * PAGE.margin;

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, font: PDFFont, size: number, gray = 0) => {
    for (const line of wrap(pdfSafeText(text, supported), font, size, width)) {
      if (y - size < PAGE.margin) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      y -= size * 1.3;
      page.drawText(line, { x: PAGE.margin, y, size, font, color: rgb(gray, gray, gray) });
    }
  };
  const gap = (points: number) => (y -= points);

  write(`Trade record ${record.trade}`, bold, SIZE.title);
  gap(4);
  write(
    'This PDF is a reading aid. The JSON record (GET /rest/v1/trade/{id}/record) is the verifiable copy: ' +
      'check it offline with "npm run admin -- trade:verify-record FILE" or verifyTradeRecord() from ' +
      '@app/contract. Each entry carries the SHA-256 of the entry before it; compare the head hash below ' +
      'with another copy of the record.',
    regular,
    SIZE.text,
    0.25,
  );
  gap(4);
  write(
    `Generated ${record.generatedAt}; ${record.entries.length} entries; ${record.algorithm}.`,
    regular,
    SIZE.text,
  );
  write(`Head hash: ${record.headHash}`, mono, SIZE.small);
  gap(8);

  for (const entry of record.entries) {
    const { title, body } = describe(entry);
    write(`#${entry.seq}  ${entry.at}  ${title}`, bold, SIZE.text);
    write(body, regular, SIZE.text);
    write(`hash ${entry.hash}  prev ${entry.prevHash}`, mono, SIZE.small, 0.4);
    gap(6);
  }

  const pages = doc.getPages();
  pages.forEach((p, index) =>
    p.drawText(`${record.trade}  page ${index + 1} of ${pages.length}`, {
      x: PAGE.margin,
      y: PAGE.margin / 2,
      size: SIZE.small,
      font: regular,
      color: rgb(0.4, 0.4, 0.4),
    }),
  );
  return doc.save();
}
