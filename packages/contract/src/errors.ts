import type { ApiLang, Localized } from './lang';

/**
 * The error catalogue: one entry per outcome the API can report, with its
 * envelope `code` and its message in the three API languages. Messages may
 * hold `{name}` placeholders filled by `errorMessage`. English texts that the
 * spec (section 8) fixes are used verbatim.
 */
interface ErrorEntry {
  code: number;
  msg: Localized;
}

export const errorCatalogue = {
  ok: { code: 0, msg: { en_US: 'success', 'zh-CN': '成功', 'zh-TW': '成功' } },

  // Platform (HTTP-like codes)
  bad_request: {
    code: 400,
    msg: { en_US: 'Bad request', 'zh-CN': '请求格式错误', 'zh-TW': '請求格式錯誤' },
  },
  unauthorized: {
    code: 401,
    msg: { en_US: 'please Log!', 'zh-CN': '请先登录！', 'zh-TW': '請先登入！' },
  },
  forbidden: {
    code: 403,
    msg: {
      en_US: 'You are not allowed to do this',
      'zh-CN': '您没有权限执行此操作',
      'zh-TW': '您沒有權限執行此操作',
    },
  },
  not_found: {
    code: 404,
    msg: {
      en_US: 'The requested resource does not exist',
      'zh-CN': '请求的资源不存在',
      'zh-TW': '請求的資源不存在',
    },
  },
  payload_too_large: {
    code: 413,
    msg: { en_US: 'The request is too large', 'zh-CN': '请求内容过大', 'zh-TW': '請求內容過大' },
  },
  validation_failed: {
    code: 422,
    msg: { en_US: '{field}: {reason}', 'zh-CN': '{field}：{reason}', 'zh-TW': '{field}：{reason}' },
  },
  too_many_requests: {
    code: 429,
    msg: {
      en_US: 'Too many requests, please try again in {seconds} s',
      'zh-CN': '请求过于频繁，请在 {seconds} 秒后重试',
      'zh-TW': '請求過於頻繁，請在 {seconds} 秒後重試',
    },
  },
  internal: {
    code: 500,
    msg: {
      en_US: 'Something went wrong on our side, please try again later',
      'zh-CN': '服务器开小差了，请稍后再试',
      'zh-TW': '伺服器開小差了，請稍後再試',
    },
  },
  service_unavailable: {
    code: 503,
    msg: {
      en_US: 'The service is temporarily unavailable',
      'zh-CN': '服务暂时不可用',
      'zh-TW': '服務暫時無法使用',
    },
  },

  // Request signing (spec section 7)
  sign_missing: {
    code: 4001,
    msg: {
      en_US: 'The request is not signed',
      'zh-CN': '请求缺少签名',
      'zh-TW': '請求缺少簽名',
    },
  },
  sign_invalid: {
    code: 4002,
    msg: {
      en_US: 'The request signature is invalid',
      'zh-CN': '请求签名无效',
      'zh-TW': '請求簽名無效',
    },
  },
  sign_expired: {
    code: 4003,
    msg: {
      en_US: 'The request time is out of range, please check your device clock',
      'zh-CN': '请求时间已失效，请检查设备时间',
      'zh-TW': '請求時間已失效，請檢查裝置時間',
    },
  },
  sign_replayed: {
    code: 4004,
    msg: {
      en_US: 'This request was already received',
      'zh-CN': '重复的请求',
      'zh-TW': '重複的請求',
    },
  },

  // Content
  key_not_found: {
    code: 10001,
    msg: { en_US: 'No such setting', 'zh-CN': '配置项不存在', 'zh-TW': '設定項不存在' },
  },
  doc_not_found: {
    code: 10002,
    msg: {
      en_US: 'This document is not available',
      'zh-CN': '该文档暂不可用',
      'zh-TW': '該文件暫不可用',
    },
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorKey = keyof typeof errorCatalogue;

export type MessageParams = Record<string, string | number>;

export function fillPlaceholders(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function errorCode(key: ErrorKey): number {
  return errorCatalogue[key].code;
}

export function errorMessage(key: ErrorKey, lang: ApiLang, params?: MessageParams): string {
  return fillPlaceholders(errorCatalogue[key].msg[lang], params);
}

/**
 * Why a field failed validation, per zod issue kind. The server composes
 * `validation_failed` from the field name and one of these.
 */
export const validationReasons = {
  required: { en_US: 'is required', 'zh-CN': '不能为空', 'zh-TW': '不能為空' },
  invalid_type: {
    en_US: 'must be a {expected}',
    'zh-CN': '应为{expected}类型',
    'zh-TW': '應為{expected}類型',
  },
  too_short: {
    en_US: 'must be at least {minimum} characters',
    'zh-CN': '至少需要 {minimum} 个字符',
    'zh-TW': '至少需要 {minimum} 個字元',
  },
  too_long: {
    en_US: 'must be at most {maximum} characters',
    'zh-CN': '最多 {maximum} 个字符',
    'zh-TW': '最多 {maximum} 個字元',
  },
  too_small: {
    en_US: 'must be at least {minimum}',
    'zh-CN': '不能小于 {minimum}',
    'zh-TW': '不能小於 {minimum}',
  },
  too_big: {
    en_US: 'must be at most {maximum}',
    'zh-CN': '不能大于 {maximum}',
    'zh-TW': '不能大於 {maximum}',
  },
  invalid_format: {
    en_US: 'is not in a valid format',
    'zh-CN': '格式不正确',
    'zh-TW': '格式不正確',
  },
  invalid_value: {
    en_US: 'must be one of: {options}',
    'zh-CN': '只能是以下之一：{options}',
    'zh-TW': '只能是以下之一：{options}',
  },
  invalid: { en_US: 'is invalid', 'zh-CN': '无效', 'zh-TW': '無效' },
} as const satisfies Record<string, Localized>;

export type ValidationReason = keyof typeof validationReasons;

/** Words for the `{expected}` of `invalid_type`. */
export const expectedTypeNames = {
  string: { en_US: 'text', 'zh-CN': '文本', 'zh-TW': '文字' },
  number: { en_US: 'number', 'zh-CN': '数字', 'zh-TW': '數字' },
  int: { en_US: 'whole number', 'zh-CN': '整数', 'zh-TW': '整數' },
  boolean: { en_US: 'true or false', 'zh-CN': '布尔值', 'zh-TW': '布林值' },
  object: { en_US: 'object', 'zh-CN': '对象', 'zh-TW': '物件' },
  array: { en_US: 'list', 'zh-CN': '列表', 'zh-TW': '列表' },
} as const satisfies Record<string, Localized>;

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}
