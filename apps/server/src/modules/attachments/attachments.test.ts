import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  tradeAttachmentListSchema,
  tradeAttachmentSchema,
  tradeMessagesPageSchema,
  tradeSchema,
  type TradeAttachment,
} from '@app/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers.js';
import { jpeg, multipart, pdf, png, type Part } from '../../../test/uploads.js';
import { runAdminCommand } from '../../cli/commands.js';
import type { BusEvent } from '../../platform/events/bus.js';
import { contactsRepository } from '../contacts/index.js';
import { usersRepository } from '../users/repository.js';

type Party = { c: TestClient; id: number; name: string };
type Response = Awaited<ReturnType<TestClient['post']>>;

/**
 * Attachments through the whole HTTP stack, on trades started through the trades API: files are
 * judged by content with the spec's reasons, the limits hold (also in parallel), only the parties and
 * moderators read them, uploads post a chat message, a blocked chat refuses files, requirement uploads
 * mark the requirement. Limits are set low so each can be reached cheaply.
 */
describe('trade attachments', () => {
  let t: TestApp;
  let n = 0;
  const events: BusEvent[] = [];

  const admin = (...argv: string[]) => runAdminCommand({ db: t.database.db, config: t.config }, argv);
  const party = async (prefix: string): Promise<Party> => {
    n += 1;
    const c = t.client();
    const name = `${prefix}${n}`;
    const { id } = await c.register(name);
    return { c, id, name };
  };
  const ok = (response: Response, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().data;
  };
  const refusal = (response: Response, status = 422) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().errors[0] as {
      code: string;
      message: string;
      details?: { field: string; code: string }[];
    };
  };
  /** The reason of a refused upload: the `file` detail's code. */
  const reasonOf = (response: Response) => {
    const error = refusal(response);
    expect(error.code).toBe('ERROR_INPUT_VALIDATION');
    return error.details?.[0]?.code;
  };
  const send = (
    who: TestClient,
    hash: string,
    parts: Part[],
    route: 'attachments' | 'upload' = 'attachments',
  ) => {
    const body = multipart(parts);
    // TestClient sends a Buffer as it is (light-my-request), with our multipart content type.
    return who.request(
      'POST',
      `/rest/v1/trade/${hash}/${route}`,
      body.payload as unknown as Record<string, never>,
      {
        headers: { 'content-type': body.contentType },
      },
    );
  };
  const file = (data: Buffer, filename: string, type = 'application/octet-stream'): Part => ({
    name: 'file',
    filename,
    type,
    data,
  });
  const upload = (who: Party, hash: string, data: Buffer, filename: string, type?: string) =>
    send(who.c, hash, [file(data, filename, type)]);
  const stored = async (who: Party, hash: string, data: Buffer, filename: string, type?: string) =>
    tradeAttachmentSchema.parse(ok(await upload(who, hash, data, filename, type), 201));
  const filesOnDisk = (hash: string) => {
    const dir = path.join(t.config.dataDir, 'uploads', 'trades', hash);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const rowsOf = async (hash: string) => {
    const result = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM trade_attachments a
      JOIN trades tr ON tr.id = a.trade_id WHERE tr.hash = ${hash}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  let seller: Party;
  let offer: string;
  let receiptOffer: string;
  const startTrade = async (offerHash = offer) => {
    const buyer = await party('at_buyer');
    const trade = ok(
      await buyer.c.post('/rest/v1/trade/start', { offer_hash: offerHash, fiat_amount: '20' }),
      201,
    );
    return { buyer, hash: trade.id as string };
  };

  beforeAll(async () => {
    t = await createTestApp({
      ATTACHMENT_MAX_SIZE_MB: '1',
      ATTACHMENT_MAX_PER_TRADE: '3',
      ATTACHMENT_PDF_MAX_PAGES: '3',
    });
    t.app.events.subscribe((event) => events.push(event));
    seller = await party('at_seller');
    expect(
      (await admin('wallet:deposit', '--user', seller.name, '--crypto', 'BTC', '--amount', '5')).exitCode,
    ).toBe(0);
    const offerBody = {
      type: 'sell',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      payment_method: 'bank-transfer',
      margin: '0',
      range_min: '10',
      range_max: '500',
      payment_window: 60,
    };
    offer = ok(await seller.c.post('/rest/v1/my-offers', offerBody), 201).idHashed;
    receiptOffer = ok(
      await seller.c.post('/rest/v1/my-offers', { ...offerBody, tags: ['receipt-required'] }),
      201,
    ).idHashed;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('the parties', () => {
    let buyer: Party;
    let hash: string;
    let image: TradeAttachment;
    let document: TradeAttachment;

    beforeAll(async () => {
      ({ buyer, hash } = await startTrade());
    });

    it('should store a real image, whatever its declared type, and post it in the chat', async () => {
      image = await stored(buyer, hash, await png(), 'payment receipt.png', 'application/octet-stream');
      expect(image).toMatchObject({
        requirementId: null,
        mimeType: 'image/png',
        status: 'uploaded',
        kind: 'image',
        width: 60,
        height: 40,
        pages: null,
        originalName: 'payment receipt.png',
        uploadedBy: { username: buyer.name },
        isMine: true,
        url: `/rest/v1/trade/${hash}/attachments/${image.id}`,
      });
      const chat = tradeMessagesPageSchema.parse(ok(await seller.c.get(`/rest/v1/trade/${hash}/messages`)));
      const message = chat.messages.find((m) => m.kind === 'attachment');
      expect(message).toMatchObject({
        attachmentId: image.id,
        text: 'payment receipt.png',
        author: { username: buyer.name, role: 'buyer' },
      });
      const published = events.find((e) => e.type === 'trade.message' && e.tradeHash === hash);
      expect(published?.userIds).toEqual(expect.arrayContaining([buyer.id, seller.id]));
      expect(filesOnDisk(hash)).toHaveLength(1);
    });

    it('should take a PDF by its content even when it is named and declared as an image', async () => {
      document = await stored(buyer, hash, await pdf(2), 'statement.png', 'image/png');
      expect(document).toMatchObject({
        mimeType: 'application/pdf',
        kind: 'pdf',
        pages: 2,
        width: null,
        originalName: 'statement.pdf',
      });
    });

    it('should let both parties download with the right headers', async () => {
      for (const who of [seller.c, buyer.c]) {
        const response = await who.get(image.url);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['content-disposition']).toBe(
          `inline; filename="payment receipt.png"; filename*=UTF-8''payment%20receipt.png`,
        );
        expect(response.headers['cache-control']).toBe('private, max-age=3600');
        expect(response.headers['content-security-policy']).toContain('sandbox');
        expect(Number(response.headers['content-length'])).toBe(image.size);
        expect(await sharp(response.rawPayload).metadata()).toMatchObject({
          format: 'png',
          width: 60,
          height: 40,
        });
      }
      const response = await seller.c.get(document.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="statement.pdf"/);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBe(2);
    });

    it('should list the trade’s files with the limits, also at the spec’s uploads path', async () => {
      const list = tradeAttachmentListSchema.parse(
        ok(await seller.c.get(`/rest/v1/trade/${hash}/attachments`)),
      );
      expect(list.items.map((i) => [i.id, i.isMine])).toEqual([
        [image.id, false],
        [document.id, false],
      ]);
      expect(list.limits).toEqual({
        maxFileSize: 1_048_576,
        maxFilesPerParty: 3,
        pdfMaxPages: 3,
        mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      });
      expect(list.remaining).toBe(3);
      const alias = tradeAttachmentListSchema.parse(ok(await buyer.c.get(`/rest/v1/trade/${hash}/uploads`)));
      expect(alias.items).toHaveLength(2);
      expect(alias.remaining).toBe(1);
    });

    it('should accept the spec’s POST .../upload path as the same call', async () => {
      const viaAlias = tradeAttachmentSchema.parse(
        ok(await send(seller.c, hash, [file(await jpeg(), 'IMG_0001.JPG', 'image/jpeg')], 'upload'), 201),
      );
      expect(viaAlias).toMatchObject({ mimeType: 'image/jpeg', originalName: 'IMG_0001.jpg', isMine: true });
      expect((await buyer.c.get(viaAlias.url)).headers['content-type']).toBe('image/jpeg');
    });

    it('should refuse a party’s file beyond the per-trade limit, and only that party’s', async () => {
      await stored(buyer, hash, await jpeg(), 'third.jpg');
      expect(reasonOf(await upload(buyer, hash, await png(), 'fourth.png'))).toBe('attachment_limit_count');
      // The seller has used one of their own three.
      await stored(seller, hash, await png(), 'seller-2.png');
      expect(await rowsOf(hash)).toBe(5);
      expect(filesOnDisk(hash)).toHaveLength(5);
    });

    it('should let a moderator download, and nobody else', async () => {
      const moderator = await party('at_mod');
      await usersRepository.setRole(t.database.db, moderator.id, 'moderator');
      expect((await moderator.c.get(image.url)).statusCode).toBe(200);
      const stranger = await party('at_stranger');
      expect(refusal(await stranger.c.get(image.url), 404).code).toBe('NOT_FOUND');
      expect(refusal(await stranger.c.get(`/rest/v1/trade/${hash}/attachments`), 404).code).toBe('NOT_FOUND');
      expect(refusal(await stranger.c.get(`/rest/v1/trade/${hash}/uploads`), 404).code).toBe('NOT_FOUND');
      expect((await t.client().get(image.url)).statusCode).toBe(401);
      // An attachment id of another trade, asked through a trade one can see: 404 as well.
      const other = await startTrade();
      const foreign = await stored(other.buyer, other.hash, await png(), 'x.png');
      expect(refusal(await buyer.c.get(`/rest/v1/trade/${hash}/attachments/${foreign.id}`), 404).code).toBe(
        'NOT_FOUND',
      );
      expect(refusal(await buyer.c.get(`/rest/v1/trade/${hash}/attachments/999999`), 404).code).toBe(
        'NOT_FOUND',
      );
    });
  });

  describe('refusals', () => {
    let buyer: Party;
    let hash: string;

    beforeAll(async () => {
      ({ buyer, hash } = await startTrade());
    });

    it('should answer 404 to a stranger’s upload without storing anything', async () => {
      const stranger = await party('at_stranger');
      expect(refusal(await upload(stranger, hash, await png(), 'x.png'), 404).code).toBe('NOT_FOUND');
      const moderator = await party('at_mod');
      await usersRepository.setRole(t.database.db, moderator.id, 'moderator');
      // A moderator sees the trade but may only write in its chat during a dispute.
      expect(refusal(await upload(moderator, hash, await png(), 'x.png'), 400).code).toBe(
        'ChatNotAvailableYet',
      );
      expect(refusal(await upload(buyer, 'NoSuchTrade1234', await png(), 'x.png'), 404).code).toBe(
        'NOT_FOUND',
      );
      const anonymous = t.client();
      const body = multipart([file(await png(), 'x.png')]);
      const response = await anonymous.request(
        'POST',
        `/rest/v1/trade/${hash}/attachments`,
        body.payload as unknown as Record<string, never>,
        {
          headers: { 'content-type': body.contentType },
          csrf: false,
        },
      );
      expect([401, 403]).toContain(response.statusCode);
      expect(filesOnDisk(hash)).toEqual([]);
    });

    it('should refuse a truncated PNG as broken', async () => {
      const full = await png(300, 300);
      expect(
        reasonOf(
          await upload(buyer, hash, full.subarray(0, Math.floor(full.length / 2)), 'cut.png', 'image/png'),
        ),
      ).toBe('attachment_image_broken');
    });

    it('should refuse random bytes named .png as unsupported', async () => {
      const error = refusal(await upload(buyer, hash, randomBytes(4096), 'photo.png', 'image/png'));
      expect(error.details).toEqual([
        { field: 'file', code: 'attachment_type_unsupported', message: expect.stringContaining('JPEG') },
      ]);
    });

    it('should refuse corrupt, empty and over-long PDFs with their reasons', async () => {
      const good = await pdf(2);
      expect(
        reasonOf(await upload(buyer, hash, good.subarray(0, Math.floor(good.length / 2)), 'cut.pdf')),
      ).toBe('attachment_pdf_broken');
      expect(reasonOf(await upload(buyer, hash, await pdf(0), 'empty.pdf'))).toBe('attachment_pdf_empty');
      expect(reasonOf(await upload(buyer, hash, await pdf(4), 'long.pdf'))).toBe('attachment_pdf_page_limit');
    });

    it('should refuse a file over the size limit', async () => {
      const big = Buffer.concat([await png(), randomBytes(1_048_576)]);
      const error = refusal(await upload(buyer, hash, big, 'big.png'));
      expect(error.details?.[0]).toMatchObject({ field: 'file', code: 'attachment_limit_size' });
      expect(error.message).toContain('1 MB');
    });

    it('should refuse requests without exactly one file in the file field', async () => {
      expect(reasonOf(await send(buyer.c, hash, [{ name: 'note', value: 'no file here' }]))).toBe(
        'attachment_missing',
      );
      expect(reasonOf(await send(buyer.c, hash, [{ ...file(await png(), 'x.png'), name: 'image' }]))).toBe(
        'attachment_missing',
      );
      expect(
        reasonOf(await send(buyer.c, hash, [file(await png(), 'a.png'), file(await png(), 'b.png')])),
      ).toBe('one_file_per_request');
      expect(reasonOf(await buyer.c.post(`/rest/v1/trade/${hash}/attachments`, { file: 'x.png' }))).toBe(
        'attachment_missing',
      );
    });

    it('should have stored nothing for the refused files', async () => {
      expect(await rowsOf(hash)).toBe(0);
      expect(filesOnDisk(hash)).toEqual([]);
      const list = tradeAttachmentListSchema.parse(
        ok(await buyer.c.get(`/rest/v1/trade/${hash}/attachments`)),
      );
      expect(list).toMatchObject({ items: [], remaining: 3 });
    });
  });

  it('should hold the per-party limit when uploads arrive at once', async () => {
    const { buyer, hash } = await startTrade();
    const answers = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => upload(buyer, hash, await png(10 + i, 10), `p${i}.png`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422]);
    for (const answer of answers.filter((a) => a.statusCode === 422)) {
      expect(reasonOf(answer)).toBe('attachment_limit_count');
    }
    expect(await rowsOf(hash)).toBe(3);
    expect(filesOnDisk(hash)).toHaveLength(3);
  });

  it('should refuse files where the chat is blocked', async () => {
    const { buyer, hash } = await startTrade();
    await contactsRepository.set(t.database.db, seller.id, buyer.id, 'blocked');
    try {
      const error = refusal(await upload(buyer, hash, await png(), 'x.png'), 400);
      expect(error.code).toBe('ChatBlocked');
      expect(refusal(await upload(seller, hash, await png(), 'x.png'), 400).code).toBe('ChatBlocked');
      // Reading what was already shared stays possible.
      expect(ok(await buyer.c.get(`/rest/v1/trade/${hash}/attachments`)).remaining).toBe(0);
    } finally {
      await contactsRepository.remove(t.database.db, seller.id, buyer.id);
    }
    expect(filesOnDisk(hash)).toEqual([]);
  });

  it('should refuse files once a cancelled trade’s chat has closed', async () => {
    const { buyer, hash } = await startTrade();
    ok(await buyer.c.post(`/rest/v1/trade/${hash}/cancel`));
    // Within the grace period the chat (and so uploads) stays open; past it, it closes.
    await stored(buyer, hash, await png(), 'late-proof.png');
    await t.database.db.execute(
      sql`UPDATE trades SET cancelled_at = now() - interval '30 days', completed_at = now() - interval '30 days' WHERE hash = ${hash}`,
    );
    expect(refusal(await upload(buyer, hash, await png(), 'x.png'), 400).code).toBe(
      'ChatBlockedAfterTradeIsCanceled',
    );
  });

  describe('requirements', () => {
    it('should mark the buyer’s requirement uploaded, and refuse anything else', async () => {
      const { buyer, hash } = await startTrade(receiptOffer);
      const before = tradeSchema.parse(ok(await buyer.c.get(`/rest/v1/trade/${hash}`)));
      const requirement = before.flow.state.beforeMarkAsPaid[0]!;
      expect(requirement).toMatchObject({ type: 'receipt', status: 'pending' });

      const sellerTry = refusal(
        await send(seller.c, hash, [
          { name: 'requirement_id', value: String(requirement.id) },
          file(await png(), 'r.png'),
        ]),
      );
      expect(sellerTry.details?.[0]).toMatchObject({
        field: 'requirement_id',
        code: 'requirement_not_yours',
      });
      const unknown = refusal(
        await send(buyer.c, hash, [{ name: 'requirement_id', value: '999999' }, file(await png(), 'r.png')]),
      );
      expect(unknown.details?.[0]).toMatchObject({ field: 'requirement_id', code: 'unknown_requirement' });
      // The refused upload left neither a row nor a file behind.
      expect(await rowsOf(hash)).toBe(0);
      expect(filesOnDisk(hash)).toEqual([]);

      // The spec's field name `requirements`, after the file this time.
      const receipt = tradeAttachmentSchema.parse(
        ok(
          await send(
            buyer.c,
            hash,
            [file(await pdf(1), 'receipt.pdf'), { name: 'requirements', value: String(requirement.id) }],
            'upload',
          ),
          201,
        ),
      );
      expect(receipt).toMatchObject({ requirementId: requirement.id, status: 'uploaded' });
      const after = tradeSchema.parse(ok(await seller.c.get(`/rest/v1/trade/${hash}`)));
      expect(after.flow.state.beforeMarkAsPaid[0]).toMatchObject({ id: requirement.id, status: 'uploaded' });

      // The seller's decision shows on the file.
      ok(
        await seller.c.post(`/rest/v1/trade/${hash}/requirement`, {
          requirement_id: requirement.id,
          status: 'rejected',
        }),
      );
      const list = tradeAttachmentListSchema.parse(ok(await buyer.c.get(`/rest/v1/trade/${hash}/uploads`)));
      expect(list.items[0]).toMatchObject({ requirementId: requirement.id, status: 'rejected' });
    });
  });
});
