import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { errorCode, errorMessage, TELEGRAM_WEBHOOK_PATH, type ErrorKey } from '@taice/contract';
import { sendEnvelope } from '../../platform/http/error-handler';
import type { TelegramBot } from './bot';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const updateSchema = z.object({ update_id: z.number().int().nonnegative() }).passthrough();

function sameSecret(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(request: FastifyRequest, reply: FastifyReply, key: ErrorKey, status: number) {
  return sendEnvelope(reply, { code: errorCode(key), msg: errorMessage(key, request.ctx.lang), data: null }, status);
}

/**
 * Telegram's webhook (decision 057). Only calls carrying the secret registered with Telegram are read. The
 * HTTP status is what Telegram acts on: 200 when the update was handled (or is not one), 503 when the Bot API
 * could not be reached to answer it, so that Telegram delivers it again.
 */
export async function telegramRoutes(
  app: FastifyInstance,
  { bot, secret }: { bot: TelegramBot | null; secret: string | undefined },
) {
  app.post(TELEGRAM_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!bot || !secret) return refuse(request, reply, 'telegram_bot_off', 404);
    if (!sameSecret(request.headers[SECRET_HEADER], secret)) {
      return refuse(request, reply, 'telegram_webhook_refused', 401);
    }
    const update = updateSchema.safeParse(request.body);
    if (!update.success) return refuse(request, reply, 'bad_request', 400);
    try {
      await bot.handle(update.data as Update);
    } catch (error) {
      request.log.warn({ err: error, updateId: update.data.update_id }, 'telegram update not handled');
      return refuse(request, reply, 'telegram_unavailable', 503);
    }
    return sendEnvelope(reply, { code: 0, msg: errorMessage('ok', request.ctx.lang), data: null });
  });
}
