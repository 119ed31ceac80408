import type { ApiLang } from '@taice/contract';

/** The notifications a Telegram user may opt into. */
export const NOTIFY_KINDS = ['sign_in', 'results', 'orders'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

interface BotTexts {
  start: string;
  startVideo: string;
  startInvited: string;
  openApp: string;
  watchVideo: string;
  help: string;
  menu: string;
  menuNotLinked: string;
  kinds: Record<NotifyKind, string>;
  saved: string;
  reminderTitle: string;
  reminder: string;
  signInNow: string;
}

/** What the bot says, in the three languages; HTML as Telegram's `parse_mode: 'HTML'` reads it. */
export const BOT_TEXTS: Record<ApiLang, BotTexts> = {
  en_US: {
    start: '<b>Welcome to TAICE</b>\nWatch videos, sign in every day and earn TAICE. Tap the button to open the app.',
    startVideo: '<b>A video is waiting for you on TAICE</b>\nTap the button to watch it and start earning TAICE.',
    startInvited:
      '<b>A friend invited you to TAICE</b>\nOpen the app to join: you both earn TAICE once you watch a video.',
    openApp: 'Open TAICE',
    watchVideo: 'Watch the video',
    help:
      '<b>TAICE bot</b>\n/start: open the TAICE app\n/notifications: choose what I tell you ' +
      '(daily sign-in reminder, race and campaign results, shipped orders)\n/help: this message',
    menu: '<b>Notifications</b>\nChoose what I tell you. Tap a line to turn it on or off.',
    menuNotLinked:
      '<b>Notifications</b>\nChoose what I tell you. Open TAICE from this chat once so I know your account; ' +
      'until then I have nothing to tell you.',
    kinds: { sign_in: 'Daily sign-in reminder', results: 'Race and campaign results', orders: 'Order shipped' },
    saved: 'Saved',
    reminderTitle: 'Your daily sign-in is waiting',
    reminder: 'Watch one video and sign in today to collect your TAICE and keep your streak.',
    signInNow: 'Sign in now',
  },
  'zh-CN': {
    start: '<b>欢迎来到 TAICE</b>\n看视频、每日签到，赚取 TAICE。点击下方按钮打开应用。',
    startVideo: '<b>TAICE 上有一个视频在等你</b>\n点击按钮观看，开始赚取 TAICE。',
    startInvited: '<b>好友邀请你加入 TAICE</b>\n打开应用加入：你观看一个视频后，你们都能获得 TAICE。',
    openApp: '打开 TAICE',
    watchVideo: '观看视频',
    help: '<b>TAICE 机器人</b>\n/start：打开 TAICE 应用\n/notifications：选择通知内容（每日签到提醒、排行榜与活动结果、订单发货）\n/help：查看本帮助',
    menu: '<b>通知设置</b>\n选择你想收到的通知，点击即可开启或关闭。',
    menuNotLinked:
      '<b>通知设置</b>\n选择你想收到的通知。请先从本对话打开一次 TAICE，以便关联你的账户；在此之前不会有通知。',
    kinds: { sign_in: '每日签到提醒', results: '排行榜与活动结果', orders: '订单发货' },
    saved: '已保存',
    reminderTitle: '今日签到还在等你',
    reminder: '今天观看一个视频并签到，领取 TAICE，保持连续签到。',
    signInNow: '立即签到',
  },
  'zh-TW': {
    start: '<b>歡迎來到 TAICE</b>\n看影片、每日簽到，賺取 TAICE。點擊下方按鈕開啟應用程式。',
    startVideo: '<b>TAICE 上有一部影片在等你</b>\n點擊按鈕觀看，開始賺取 TAICE。',
    startInvited: '<b>好友邀請你加入 TAICE</b>\n開啟應用程式加入：你觀看一部影片後，你們都能獲得 TAICE。',
    openApp: '開啟 TAICE',
    watchVideo: '觀看影片',
    help: '<b>TAICE 機器人</b>\n/start：開啟 TAICE 應用程式\n/notifications：選擇通知內容（每日簽到提醒、排行榜與活動結果、訂單出貨）\n/help：查看本說明',
    menu: '<b>通知設定</b>\n選擇你想收到的通知，點擊即可開啟或關閉。',
    menuNotLinked:
      '<b>通知設定</b>\n選擇你想收到的通知。請先從本對話開啟一次 TAICE，以便連結你的帳戶；在此之前不會有通知。',
    kinds: { sign_in: '每日簽到提醒', results: '排行榜與活動結果', orders: '訂單出貨' },
    saved: '已儲存',
    reminderTitle: '今日簽到還在等你',
    reminder: '今天觀看一部影片並簽到，領取 TAICE，保持連續簽到。',
    signInNow: '立即簽到',
  },
};

/** The command list Telegram shows; it scopes lists by two-letter language only, so Chinese gets one. */
export const BOT_COMMANDS = {
  en_US: { start: 'Open the TAICE app', notifications: 'Choose your notifications', help: 'What I can do' },
  'zh-CN': { start: '打开 TAICE 应用', notifications: '选择通知内容', help: '我能做什么' },
};
