import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  birthDateStateSchema,
  closeAccountBodySchema,
  confirmBirthDateBodySchema,
  dataEnvelope,
  setUsernameBodySchema,
  userSettingsBodySchema,
  userSettingsSchema,
  publicProfileParamsSchema,
} from '@app/contract';
import { requireUser } from '../../platform/auth/session.js';
import { validationError } from '../../platform/http/errors.js';
import { AVATAR_MAX_BYTES } from './avatar.js';
import type { BirthDates } from './birth-date.js';
import type { Settings } from './service.js';

const settingsAnswer = { 200: dataEnvelope(userSettingsSchema) };

/**
 * The settings calls (spec section 7 "User and settings" and issue 12): read and change the settings,
 * the one username change, the avatar (multipart upload, served from the files area), close the account.
 */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: Settings; birthDates: BirthDates }> = async (
  app,
  { settings, birthDates },
) => {
  // Multipart for the avatar only (encapsulated in this plugin): one picture, nothing else.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3, headerPairs: 50 },
  });
  const tags = ['settings'];

  app.get(
    '/rest/v1/users/settings',
    {
      schema: {
        tags,
        summary: "My settings (the spec's user settings)",
        description:
          "The caller's profile and preferences: bio, currency, language, time zone, the chat notification interval, how their full name shows, whether the username was changed already (it may change once), the avatar's address and the phone's verification. Logged-in users.",
        response: settingsAnswer,
      },
    },
    async (request) => ({ data: await settings.get(requireUser(request).id) }),
  );

  app.post(
    '/rest/v1/users/settings',
    {
      schema: {
        tags,
        summary: 'Change any of my settings; what is left out stays as it is',
        description:
          "Bio refusals carry the spec's codes on `bio`: `bio_max`, `bio_limit`, `bio_contact_error`; the " +
          'interval on `notify_trade_messages_interval`: `notification_digits_error`, `notification_error`.',
        body: userSettingsBodySchema,
        response: settingsAnswer,
      },
    },
    async (request) => ({ data: await settings.update(requireUser(request).id, request.body) }),
  );

  app.get(
    '/rest/v1/users/birth-date',
    {
      schema: {
        tags,
        summary: 'My date of birth, once confirmed (null before)',
        description:
          "The caller's date of birth (`YYYY-MM-DD`) and when they confirmed it; both null until they do (`POST /rest/v1/users/confirm-birthday`). Logged-in users.",
        response: { 200: dataEnvelope(birthDateStateSchema) },
      },
    },
    async (request) => ({ data: await birthDates.get(requireUser(request).id) }),
  );

  app.post(
    '/rest/v1/users/confirm-birthday',
    {
      schema: {
        tags,
        summary: 'Confirm my date of birth, once (18 or older)',
        description:
          "Records the caller's date of birth (`birth_date`, `YYYY-MM-DD`), once: 409 `BIRTH_DATE_CONFIRMED` after that (support corrects a mistake). 422 on `birth_date`: `invalid_date` (no such day), `future_date`, `too_young` (under 18 in UTC days), `too_old` (before 1900). 403 `ACCOUNT_STATE_FORBIDS_ACTION` while the account's details may not change. Logged-in users.",
        body: confirmBirthDateBodySchema,
        response: { 200: dataEnvelope(birthDateStateSchema) },
      },
    },
    async (request) => ({
      data: await birthDates.confirm(requireUser(request).id, request.body.birth_date),
    }),
  );

  app.post(
    '/rest/v1/users/set-username',
    {
      schema: {
        tags,
        summary: 'Change my username, once (`usernameChanged`); 409 USERNAME_ALREADY_CHANGED after that',
        description:
          "Changes the caller's username, which can be done only once (`usernameChanged` in the settings). Old links to the profile stop working. 409 `USERNAME_ALREADY_CHANGED` after the first change; 422 on `username` when invalid, reserved, taken (`USERNAME_TAKEN`) or the same (`same_username`). Logged-in users.",
        body: setUsernameBodySchema,
        response: settingsAnswer,
      },
    },
    async (request) => ({ data: await settings.setUsername(requireUser(request).id, request.body.username) }),
  );

  app.post(
    '/rest/v1/users/process-avatar',
    {
      schema: {
        tags,
        summary:
          'Upload my avatar (multipart, field "file": JPEG, PNG or WebP up to 5 MB; stored 256 px WebP)',
        description:
          "Sets the caller's avatar from a multipart/form-data upload with the picture in the `file` field (JPEG, PNG or WebP up to 5 MB); it is stored as a 256-pixel WebP and served at GET /rest/v1/users/{username}/avatar. Answers the settings. 422 on `file`: `missing_file`, `file_too_large`, `malformed`, or not a picture. Logged-in users.",
        consumes: ['multipart/form-data'],
        response: settingsAnswer,
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const refused = (message: string, code: string) => validationError([{ field: 'file', message, code }]);
      if (!request.isMultipart()) {
        throw refused('Send the picture as multipart/form-data in "file".', 'missing_file');
      }
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file') {
            part.file.resume();
            throw refused('Send the picture in the "file" field.', 'missing_file');
          }
          bytes = await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw refused('The picture is larger than 5 MB.', 'file_too_large');
        }
        if (code === 'ERROR_INPUT_VALIDATION' || (error as { status?: number }).status === 422) throw error;
        throw refused('The upload could not be read.', 'malformed');
      }
      if (!bytes) throw refused('Send the picture in the "file" field.', 'missing_file');
      return { data: await settings.setAvatar(id, bytes) };
    },
  );

  app.get(
    '/rest/v1/users/:username/avatar',
    {
      schema: {
        tags,
        summary: "A user's avatar (WebP), for everyone who sees their name; 404 without one",
        description:
          'The avatar of the user `{username}` as `image/webp`, cached for a day (its address changes with the picture). Public; 404 `NOT_FOUND` when the user has none or does not exist.',
        params: publicProfileParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await settings.avatarOf(request.params.username);
      if (!file) return reply.code(404).send({ errors: [{ message: 'No avatar', code: 'NOT_FOUND' }] });
      // The address changes with the picture (`?v=`): a long cache is safe.
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', String(file.size))
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  app.delete(
    '/rest/v1/users/avatar',
    {
      schema: {
        tags,
        summary: 'Remove my avatar',
        description:
          "Deletes the caller's avatar; their name shows with the default picture again. Answers the settings. Logged-in users.",
        response: settingsAnswer,
      },
    },
    async (request) => ({ data: await settings.removeAvatar(requireUser(request).id) }),
  );

  app.post(
    '/rest/v1/users/close',
    {
      schema: {
        tags,
        summary: 'Close my account for good (password required; not with a running trade or money on it)',
        description:
          "Closes the caller's account for good, confirmed by their `password`: their offers go off, every session ends and login is refused from then on. 409 `ACCOUNT_HAS_OPEN_TRADES` with a running trade, `ACCOUNT_HAS_BALANCE` while any coin (or security deposit) is left; 422 `wrong_password`. Logged-in users.",
        body: closeAccountBodySchema,
        response: { 200: dataEnvelope(z.object({ closed: z.literal(true), redirectUrl: z.string() })) },
      },
    },
    async (request, reply) => {
      await settings.close(requireUser(request).id, request.body.password);
      await app.sessions.end(request, reply);
      return { data: { closed: true as const, redirectUrl: '/' } };
    },
  );
};
