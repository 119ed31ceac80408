import { Bot, GrammyError, InlineKeyboard, type Context } from 'grammy';
import type { Update } from 'grammy/types';
import { decodeStartParam, miniAppLink, parseApiLang, type ApiLang, type StartPayload } from '@taice/contract';
import { BOT_TEXTS, NOTIFY_KINDS, type NotifyKind } from './bot-texts';
import type { ChatSettings, Chats } from './chats';

export interface BotSettings {
  token: string;
  /** The Bot API's address: Telegram's in production, a local stand-in in tests. */
  apiRoot: string;
  /** The bot's and the Mini App's names, for the links that open the Mini App. */
  botName: string;
  appName: string;
}

const MENU_DATA = /^notify:(sign_in|results|orders):(on|off)$/;

/** The button that opens the Mini App with `payload` as its `start_param`, or none when the bot has no name. */
export function openAppKeyboard(settings: BotSettings, label: string, payload: StartPayload = {}) {
  if (!settings.botName) return undefined;
  return new InlineKeyboard().url(label, miniAppLink(settings.botName, settings.appName, payload));
}

function menuKeyboard(lang: ApiLang, current: ChatSettings): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const kind of NOTIFY_KINDS) {
    const on = current[kind];
    keyboard.text(`${on ? '✅' : '⬜'} ${BOT_TEXTS[lang].kinds[kind]}`, `notify:${kind}:${on ? 'off' : 'on'}`).row();
  }
  return keyboard;
}

/** Telegram refuses to edit a message into what it already says; a repeated tap is not an error. */
const isNotModified = (error: unknown) =>
  error instanceof GrammyError && error.error_code === 400 && /not modified/i.test(error.description);

/**
 * The bot (decision 057): `/start [payload]` answers with a button that opens the Mini App (the payload passed
 * on as `start_param`, so the invitation and the video arrive), `/help`, and `/notifications`, a menu whose
 * buttons turn each notification on or off. It speaks in private chats only, in the user's Telegram language.
 */
export function createBot(settings: BotSettings, chats: Chats) {
  const bot = new Bot(settings.token, { client: { apiRoot: settings.apiRoot } });
  const dm = bot.chatType('private');
  const langOf = (ctx: Context): ApiLang => parseApiLang(ctx.from?.language_code);

  dm.use(async (ctx, next) => {
    await chats.remember(ctx.from, ctx.chat.id);
    await next();
  });

  dm.command('start', async (ctx) => {
    const texts = BOT_TEXTS[langOf(ctx)];
    const payload = decodeStartParam(ctx.match);
    const text = payload.postId ? texts.startVideo : payload.inviteCode ? texts.startInvited : texts.start;
    const label = payload.postId ? texts.watchVideo : texts.openApp;
    await ctx.reply(text, { parse_mode: 'HTML', reply_markup: openAppKeyboard(settings, label, payload) });
  });

  dm.command('help', (ctx) => ctx.reply(BOT_TEXTS[langOf(ctx)].help, { parse_mode: 'HTML' }));

  const menuText = async (lang: ApiLang, telegramUserId: number) =>
    (await chats.isLinked(telegramUserId)) ? BOT_TEXTS[lang].menu : BOT_TEXTS[lang].menuNotLinked;

  dm.command('notifications', async (ctx) => {
    const lang = langOf(ctx);
    await ctx.reply(await menuText(lang, ctx.from.id), {
      parse_mode: 'HTML',
      reply_markup: menuKeyboard(lang, await chats.settings(ctx.from.id)),
    });
  });

  dm.callbackQuery(MENU_DATA, async (ctx) => {
    const lang = langOf(ctx);
    const [, kind, value] = ctx.match;
    const current = await chats.setNotify(ctx.from.id, kind as NotifyKind, value === 'on');
    try {
      await ctx.editMessageText(await menuText(lang, ctx.from.id), {
        parse_mode: 'HTML',
        reply_markup: menuKeyboard(lang, current),
      });
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
    await ctx.answerCallbackQuery({ text: BOT_TEXTS[lang].saved });
  });

  // Anything else said in private gets the help, so the user learns the commands.
  dm.on('message', (ctx) => ctx.reply(BOT_TEXTS[langOf(ctx)].help, { parse_mode: 'HTML' }));

  return {
    api: bot.api,
    /** Handles one update from the webhook; throws when the Bot API could not be reached to answer it. */
    async handle(update: Update): Promise<void> {
      if (!bot.isInited()) await bot.init();
      await bot.handleUpdate(update);
    },
  };
}

export type TelegramBot = ReturnType<typeof createBot>;
