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
  /** The database is down, slow or overloaded (HTTP 503 with Retry-After; decision 032). */
  service_unavailable: {
    code: 503,
    msg: {
      en_US: 'The service is busy or briefly unavailable, please try again in a moment',
      'zh-CN': '服务繁忙或暂时不可用，请稍后重试',
      'zh-TW': '服務繁忙或暫時無法使用，請稍後重試',
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

  too_deeply_nested: {
    code: 4005,
    msg: {
      en_US: 'The request nests too deeply (at most {max} levels)',
      'zh-CN': '请求嵌套层级过深（最多 {max} 层）',
      'zh-TW': '請求巢狀層級過深（最多 {max} 層）',
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
  banner_not_found: {
    code: 10003,
    msg: { en_US: 'This banner does not exist', 'zh-CN': '该横幅不存在', 'zh-TW': '此橫幅不存在' },
  },

  // Accounts (spec sections 5 and 8 texts verbatim where they exist)
  email_required: {
    code: 11001,
    msg: { en_US: 'Please Enter your Email', 'zh-CN': '请输入邮箱', 'zh-TW': '請輸入電子郵件' },
  },
  email_invalid: {
    code: 11002,
    msg: {
      en_US: 'Please enter the correct email address',
      'zh-CN': '请输入正确的邮箱地址',
      'zh-TW': '請輸入正確的電子郵件地址',
    },
  },
  password_required: {
    code: 11003,
    msg: { en_US: 'Please Enter Password', 'zh-CN': '请输入密码', 'zh-TW': '請輸入密碼' },
  },
  password_too_short: {
    code: 11004,
    msg: {
      en_US: 'The password must be at least {min} characters',
      'zh-CN': '密码至少需要 {min} 个字符',
      'zh-TW': '密碼至少需要 {min} 個字元',
    },
  },
  code_required: {
    code: 11005,
    msg: { en_US: 'Please Enter Code', 'zh-CN': '请输入验证码', 'zh-TW': '請輸入驗證碼' },
  },
  code_invalid: {
    code: 11006,
    msg: {
      en_US: 'The verification code is incorrect',
      'zh-CN': '验证码不正确',
      'zh-TW': '驗證碼不正確',
    },
  },
  code_expired: {
    code: 11007,
    msg: {
      en_US: 'The verification code has expired, please request a new one',
      'zh-CN': '验证码已过期，请重新获取',
      'zh-TW': '驗證碼已過期，請重新取得',
    },
  },
  code_exhausted: {
    code: 11008,
    msg: {
      en_US: 'Too many wrong codes, please request a new one',
      'zh-CN': '验证码错误次数过多，请重新获取',
      'zh-TW': '驗證碼錯誤次數過多，請重新取得',
    },
  },
  code_cooldown: {
    code: 11009,
    msg: {
      en_US: 'A code was just sent, please wait {seconds} s before asking again',
      'zh-CN': '验证码已发送，请 {seconds} 秒后再试',
      'zh-TW': '驗證碼已寄出，請 {seconds} 秒後再試',
    },
  },
  code_ip_limit: {
    code: 11010,
    msg: {
      en_US: 'Too many codes requested from your network, please try again in {minutes} min',
      'zh-CN': '当前网络请求验证码过多，请 {minutes} 分钟后再试',
      'zh-TW': '目前網路請求驗證碼過多，請 {minutes} 分鐘後再試',
    },
  },
  email_taken: {
    code: 11011,
    msg: {
      en_US: 'This email is already registered',
      'zh-CN': '该邮箱已注册',
      'zh-TW': '此電子郵件已註冊',
    },
  },
  login_failed: {
    code: 11012,
    msg: {
      en_US: 'Incorrect email or password',
      'zh-CN': '邮箱或密码错误',
      'zh-TW': '電子郵件或密碼錯誤',
    },
  },
  login_locked: {
    code: 11013,
    msg: {
      en_US: 'Too many failed attempts, please try again in {minutes} min',
      'zh-CN': '失败次数过多，请 {minutes} 分钟后再试',
      'zh-TW': '失敗次數過多，請 {minutes} 分鐘後再試',
    },
  },
  invite_code_unknown: {
    code: 11014,
    msg: {
      en_US: 'This invitation code does not exist',
      'zh-CN': '邀请码不存在',
      'zh-TW': '邀請碼不存在',
    },
  },
  email_send_failed: {
    code: 11015,
    msg: {
      en_US: 'The email could not be sent, please try again later',
      'zh-CN': '邮件发送失败，请稍后再试',
      'zh-TW': '郵件寄送失敗，請稍後再試',
    },
  },
  email_already_set: {
    code: 11016,
    msg: {
      en_US: 'Your account already has an email',
      'zh-CN': '您的账户已绑定邮箱',
      'zh-TW': '您的帳戶已綁定電子郵件',
    },
  },
  user_not_found: {
    code: 11017,
    msg: { en_US: 'This user does not exist', 'zh-CN': '该用户不存在', 'zh-TW': '此使用者不存在' },
  },
  avatar_required: {
    code: 11020,
    msg: { en_US: 'Avatar cannot be empty', 'zh-CN': '头像不能为空', 'zh-TW': '頭像不能為空' },
  },
  nickname_required: {
    code: 11021,
    msg: { en_US: 'Nickname cannot be empty', 'zh-CN': '昵称不能为空', 'zh-TW': '暱稱不能為空' },
  },
  nickname_too_long: {
    code: 11022,
    msg: {
      en_US: 'Nickname is too long (at most {max} characters)',
      'zh-CN': '昵称过长（最多 {max} 个字符）',
      'zh-TW': '暱稱過長（最多 {max} 個字元）',
    },
  },
  twitter_required: {
    code: 11023,
    msg: { en_US: 'Twitter cannot be empty', 'zh-CN': 'Twitter 不能为空', 'zh-TW': 'Twitter 不能為空' },
  },
  facebook_required: {
    code: 11024,
    msg: { en_US: 'Facebook cannot be empty', 'zh-CN': 'Facebook 不能为空', 'zh-TW': 'Facebook 不能為空' },
  },
  youtube_required: {
    code: 11025,
    msg: { en_US: 'YouTube cannot be empty', 'zh-CN': 'YouTube 不能为空', 'zh-TW': 'YouTube 不能為空' },
  },
  instagram_required: {
    code: 11026,
    msg: { en_US: 'Instagram cannot be empty', 'zh-CN': 'Instagram 不能为空', 'zh-TW': 'Instagram 不能為空' },
  },
  telegram_username_invalid: {
    code: 20420,
    msg: {
      en_US: 'Enter the Telegram Premium username as tme/XXX or @XXX',
      'zh-CN': '请按 tme/XXX 或 @XXX 的格式填写 Telegram Premium 用户名',
      'zh-TW': '請按 tme/XXX 或 @XXX 的格式填寫 Telegram Premium 使用者名稱',
    },
  },
  link_too_long: {
    code: 11027,
    msg: {
      en_US: 'The link is too long (at most {max} characters)',
      'zh-CN': '链接过长（最多 {max} 个字符）',
      'zh-TW': '連結過長（最多 {max} 個字元）',
    },
  },
  avatar_not_uploaded: {
    code: 11028,
    msg: {
      en_US: 'Please upload the avatar image first',
      'zh-CN': '请先上传头像图片',
      'zh-TW': '請先上傳頭像圖片',
    },
  },

  // Uploads
  upload_type: {
    code: 12001,
    msg: {
      en_US: 'Please choose a JPG, PNG, WebP or GIF image',
      'zh-CN': '请选择 JPG、PNG、WebP 或 GIF 图片',
      'zh-TW': '請選擇 JPG、PNG、WebP 或 GIF 圖片',
    },
  },
  upload_too_large: {
    code: 12002,
    msg: {
      en_US: 'The file is too large (at most {mb} MB)',
      'zh-CN': '文件过大（最大 {mb} MB）',
      'zh-TW': '檔案過大（最大 {mb} MB）',
    },
  },
  upload_token_invalid: {
    code: 12003,
    msg: {
      en_US: 'The upload has expired, please try again',
      'zh-CN': '上传已过期，请重试',
      'zh-TW': '上傳已過期，請重試',
    },
  },
  // Videos and social (13xxx)
  post_not_found: {
    code: 13001,
    msg: { en_US: 'This video does not exist', 'zh-CN': '该视频不存在', 'zh-TW': '此影片不存在' },
  },
  post_unavailable: {
    code: 13002,
    msg: {
      en_US: 'This video is no longer available',
      'zh-CN': '该视频已下架',
      'zh-TW': '此影片已下架',
    },
  },
  comment_empty: {
    code: 13003,
    msg: { en_US: 'Please enter some content!', 'zh-CN': '请输入评论内容！', 'zh-TW': '請輸入留言內容！' },
  },
  comment_too_long: {
    code: 13004,
    msg: {
      en_US: 'The comment is too long (at most {max} characters)',
      'zh-CN': '评论过长（最多 {max} 个字符）',
      'zh-TW': '留言過長（最多 {max} 個字元）',
    },
  },
  comment_not_found: {
    code: 13005,
    msg: { en_US: 'This comment does not exist', 'zh-CN': '该评论不存在', 'zh-TW': '此留言不存在' },
  },
  comment_not_yours: {
    code: 13006,
    msg: {
      en_US: 'You can only delete your own comments',
      'zh-CN': '只能删除自己的评论',
      'zh-TW': '只能刪除自己的留言',
    },
  },
  follow_self: {
    code: 13007,
    msg: { en_US: 'You cannot follow yourself', 'zh-CN': '不能关注自己', 'zh-TW': '不能追蹤自己' },
  },
  share_not_found: {
    code: 13008,
    msg: {
      en_US: 'This share link is not valid',
      'zh-CN': '分享链接无效',
      'zh-TW': '分享連結無效',
    },
  },
  watch_session_invalid: {
    code: 13009,
    msg: {
      en_US: 'This viewing session has ended, please reload the video',
      'zh-CN': '观看会话已结束，请重新加载视频',
      'zh-TW': '觀看工作階段已結束，請重新載入影片',
    },
  },
  category_not_found: {
    code: 13010,
    msg: { en_US: 'This category does not exist', 'zh-CN': '该分类不存在', 'zh-TW': '此分類不存在' },
  },
  search_keyword_required: {
    code: 13011,
    msg: { en_US: 'Please enter a search keyword', 'zh-CN': '请输入搜索关键词', 'zh-TW': '請輸入搜尋關鍵字' },
  },
  search_keyword_too_long: {
    code: 13012,
    msg: {
      en_US: 'The search keyword is too long (at most {max} characters)',
      'zh-CN': '搜索关键词过长（最多 {max} 个字符）',
      'zh-TW': '搜尋關鍵字過長（最多 {max} 個字元）',
    },
  },
  category_key_taken: {
    code: 13013,
    msg: {
      en_US: 'A category with this key already exists',
      'zh-CN': '已存在使用此标识的分类',
      'zh-TW': '已存在使用此識別碼的分類',
    },
  },
  category_in_use: {
    code: 13014,
    msg: {
      en_US: 'Videos are filed under this category: it cannot be deleted',
      'zh-CN': '该分类下有视频，无法删除',
      'zh-TW': '此分類下有影片，無法刪除',
    },
  },
  video_already_taken_down: {
    code: 13015,
    msg: { en_US: 'This video is already taken down', 'zh-CN': '该视频已下架', 'zh-TW': '此影片已下架' },
  },
  video_not_taken_down: {
    code: 13016,
    msg: {
      en_US: 'This video is not taken down',
      'zh-CN': '该视频未被下架',
      'zh-TW': '此影片未被下架',
    },
  },
  // Points (14xxx)
  sign_in_needs_watch: {
    code: 14001,
    msg: {
      en_US: 'Check-in needs one video watched',
      'zh-CN': '签到前需要先观看一个视频',
      'zh-TW': '簽到前需要先觀看一部影片',
    },
  },
  sign_in_done: {
    code: 14002,
    msg: {
      en_US: 'You have already signed in today',
      'zh-CN': '今天已经签到过了',
      'zh-TW': '今天已經簽到過了',
    },
  },
  insufficient_balance: {
    code: 14003,
    msg: {
      en_US: 'Insufficient TAICE Currently',
      'zh-CN': '当前 TAICE 余额不足',
      'zh-TW': '目前 TAICE 餘額不足',
    },
  },
  invite_task_not_found: {
    code: 14004,
    msg: {
      en_US: 'This invitation reward does not exist',
      'zh-CN': '该邀请奖励不存在',
      'zh-TW': '此邀請獎勵不存在',
    },
  },
  invite_task_not_reached: {
    code: 14005,
    msg: {
      en_US: 'Invite {num} friends who watch and share a video to claim this reward',
      'zh-CN': '邀请 {num} 位好友观看并分享视频后即可领取',
      'zh-TW': '邀請 {num} 位好友觀看並分享影片後即可領取',
    },
  },
  invite_task_claimed: {
    code: 14006,
    msg: {
      en_US: 'You have already claimed this reward',
      'zh-CN': '该奖励已领取',
      'zh-TW': '此獎勵已領取',
    },
  },
  // External identities (15xxx)
  sign_message_invalid: {
    code: 15001,
    msg: {
      en_US: 'This sign-in request is not valid, please sign again',
      'zh-CN': '签名请求无效，请重新签名',
      'zh-TW': '簽名請求無效，請重新簽名',
    },
  },
  sign_message_used: {
    code: 15002,
    msg: {
      en_US: 'This sign-in request was already used, please sign again',
      'zh-CN': '该签名请求已使用，请重新签名',
      'zh-TW': '此簽名請求已使用，請重新簽名',
    },
  },
  sign_message_expired: {
    code: 15003,
    msg: {
      en_US: 'This sign-in request has expired, please sign again',
      'zh-CN': '签名请求已过期，请重新签名',
      'zh-TW': '簽名請求已過期，請重新簽名',
    },
  },
  wallet_signature_invalid: {
    code: 15004,
    msg: {
      en_US: 'The wallet signature could not be verified',
      'zh-CN': '钱包签名验证失败',
      'zh-TW': '錢包簽名驗證失敗',
    },
  },
  wallet_already_bound: {
    code: 15005,
    msg: {
      en_US: 'the wallet is already bound to another account',
      'zh-CN': '该钱包已绑定其他账户',
      'zh-TW': '此錢包已綁定其他帳戶',
    },
  },
  account_has_wallet: {
    code: 15006,
    msg: {
      en_US: 'Your account is already bound to another wallet',
      'zh-CN': '您的账户已绑定其他钱包',
      'zh-TW': '您的帳戶已綁定其他錢包',
    },
  },
  ton_proof_invalid: {
    code: 15007,
    msg: {
      en_US: 'The TON wallet proof could not be verified, please connect again',
      'zh-CN': 'TON 钱包证明验证失败，请重新连接',
      'zh-TW': 'TON 錢包證明驗證失敗，請重新連接',
    },
  },
  telegram_auth_invalid: {
    code: 15008,
    msg: {
      en_US: 'The Telegram login could not be verified',
      'zh-CN': 'Telegram 登录验证失败',
      'zh-TW': 'Telegram 登入驗證失敗',
    },
  },
  telegram_auth_expired: {
    code: 15009,
    msg: {
      en_US: 'The Telegram login has expired, please try again',
      'zh-CN': 'Telegram 登录已过期，请重试',
      'zh-TW': 'Telegram 登入已過期，請重試',
    },
  },
  provider_not_configured: {
    code: 15010,
    msg: {
      en_US: '{provider} login is not available yet',
      'zh-CN': '暂不支持 {provider} 登录',
      'zh-TW': '暫不支援 {provider} 登入',
    },
  },
  google_ticket_invalid: {
    code: 15011,
    msg: {
      en_US: 'The Google sign-in has expired, please try again',
      'zh-CN': 'Google 登录已过期，请重试',
      'zh-TW': 'Google 登入已過期，請重試',
    },
  },
  identity_already_bound: {
    code: 15012,
    msg: {
      en_US: 'This {provider} account is already bound to another user',
      'zh-CN': '该 {provider} 账户已绑定其他用户',
      'zh-TW': '此 {provider} 帳戶已綁定其他使用者',
    },
  },
  account_has_identity: {
    code: 15013,
    msg: {
      en_US: 'Your account is already bound to another {provider} account',
      'zh-CN': '您的账户已绑定其他 {provider} 账户',
      'zh-TW': '您的帳戶已綁定其他 {provider} 帳戶',
    },
  },
  redirect_uri_invalid: {
    code: 15014,
    msg: {
      en_US: 'The return address is not allowed',
      'zh-CN': '不允许的返回地址',
      'zh-TW': '不允許的返回網址',
    },
  },
  wallet_required: {
    code: 15016,
    msg: { en_US: 'Please Connect Wallet', 'zh-CN': '请连接钱包', 'zh-TW': '請連接錢包' },
  },
  wallet_address_invalid: {
    code: 15017,
    msg: {
      en_US: 'This is not a valid wallet address',
      'zh-CN': '钱包地址无效',
      'zh-TW': '錢包地址無效',
    },
  },
  login_type_mismatch: {
    code: 15015,
    msg: {
      en_US: 'error type',
      'zh-CN': '登录类型错误',
      'zh-TW': '登入類型錯誤',
    },
  },
  // Redemption center (16xxx)
  prize_not_found: {
    code: 16001,
    msg: { en_US: 'This prize does not exist', 'zh-CN': '该奖品不存在', 'zh-TW': '此獎品不存在' },
  },
  prize_inactive: {
    code: 16002,
    msg: {
      en_US: 'This prize is no longer offered',
      'zh-CN': '该奖品已下架',
      'zh-TW': '此獎品已下架',
    },
  },
  prize_not_started: {
    code: 16003,
    msg: {
      en_US: 'This prize goes on sale at {time}',
      'zh-CN': '该奖品将于 {time} 开始兑换',
      'zh-TW': '此獎品將於 {time} 開始兌換',
    },
  },
  prize_ended: {
    code: 16004,
    msg: {
      en_US: 'The exchange period of this prize has ended',
      'zh-CN': '该奖品的兑换时间已结束',
      'zh-TW': '此獎品的兌換時間已結束',
    },
  },
  prize_sold_out: {
    code: 16005,
    msg: { en_US: 'This prize is sold out', 'zh-CN': '该奖品已兑完', 'zh-TW': '此獎品已兌完' },
  },
  prize_limit_reached: {
    code: 16006,
    msg: {
      en_US: 'You have reached the limit of {limit} for this prize',
      'zh-CN': '该奖品每人限兑 {limit} 件，您已达上限',
      'zh-TW': '此獎品每人限兌 {limit} 件，您已達上限',
    },
  },
  prize_wrong_type: {
    code: 16007,
    msg: {
      en_US: 'This prize cannot be exchanged this way',
      'zh-CN': '该奖品不能以此方式兑换',
      'zh-TW': '此獎品不能以此方式兌換',
    },
  },
  idempotency_key_reused: {
    code: 16008,
    msg: {
      en_US: 'This request key was already used for another exchange',
      'zh-CN': '该请求标识已用于另一笔兑换',
      'zh-TW': '此請求標識已用於另一筆兌換',
    },
  },
  order_not_found: {
    code: 16009,
    msg: { en_US: 'This order does not exist', 'zh-CN': '该订单不存在', 'zh-TW': '此訂單不存在' },
  },
  order_not_cancellable: {
    code: 16010,
    msg: {
      en_US: 'Only an order that has not shipped can be cancelled',
      'zh-CN': '只能取消尚未发货的订单',
      'zh-TW': '只能取消尚未出貨的訂單',
    },
  },
  order_wrong_status: {
    code: 16011,
    msg: {
      en_US: 'This order cannot change from its current status',
      'zh-CN': '该订单当前状态不允许此操作',
      'zh-TW': '此訂單目前狀態不允許此操作',
    },
  },
  prize_stock_over_codes: {
    code: 16012,
    msg: {
      en_US: 'A virtual product can hold at most {codes} in stock: one per free code',
      'zh-CN': '虚拟商品库存最多为 {codes}：每个未使用的兑换码一件',
      'zh-TW': '虛擬商品庫存最多為 {codes}：每個未使用的兌換碼一件',
    },
  },
  prize_images_limit: {
    code: 16013,
    msg: {
      en_US: 'A prize can have at most {max} images',
      'zh-CN': '每个奖品最多 {max} 张图片',
      'zh-TW': '每個獎品最多 {max} 張圖片',
    },
  },
  prize_image_unknown: {
    code: 16014,
    msg: {
      en_US: 'Keep or reorder only images the prize already has',
      'zh-CN': '只能保留或调整该奖品已有的图片',
      'zh-TW': '只能保留或調整該獎品已有的圖片',
    },
  },
  prize_codes_empty: {
    code: 16015,
    msg: {
      en_US: 'The file holds no codes',
      'zh-CN': '文件中没有兑换码',
      'zh-TW': '檔案中沒有兌換碼',
    },
  },
  address_not_found: {
    code: 16020,
    msg: { en_US: 'This address does not exist', 'zh-CN': '该地址不存在', 'zh-TW': '此地址不存在' },
  },
  address_first_name_required: {
    code: 16021,
    msg: { en_US: 'Please enter the first name', 'zh-CN': '请输入名字', 'zh-TW': '請輸入名字' },
  },
  address_last_name_required: {
    code: 16022,
    msg: { en_US: 'Please enter the last name', 'zh-CN': '请输入姓氏', 'zh-TW': '請輸入姓氏' },
  },
  address_country_required: {
    code: 16023,
    msg: { en_US: 'Please select the country', 'zh-CN': '请选择国家/地区', 'zh-TW': '請選擇國家/地區' },
  },
  address_phone_required: {
    code: 16024,
    msg: { en_US: 'Please enter the phone number', 'zh-CN': '请输入手机号码', 'zh-TW': '請輸入手機號碼' },
  },
  address_detail_required: {
    code: 16025,
    msg: {
      en_US: 'Please enter the detailed address',
      'zh-CN': '请输入详细地址',
      'zh-TW': '請輸入詳細地址',
    },
  },
  address_country_unknown: {
    code: 16026,
    msg: {
      en_US: 'Please select a country from the list',
      'zh-CN': '请从列表中选择国家/地区',
      'zh-TW': '請從列表中選擇國家/地區',
    },
  },
  address_phone_invalid: {
    code: 16027,
    msg: {
      en_US: 'Please enter a valid phone number (digits only)',
      'zh-CN': '请输入有效的手机号码（仅数字）',
      'zh-TW': '請輸入有效的手機號碼（僅數字）',
    },
  },
  address_limit: {
    code: 16028,
    msg: {
      en_US: 'You can save at most {max} addresses',
      'zh-CN': '最多可保存 {max} 个地址',
      'zh-TW': '最多可儲存 {max} 個地址',
    },
  },
  // Message center (17xxx)
  message_not_found: {
    code: 17001,
    msg: { en_US: 'This message does not exist', 'zh-CN': '该消息不存在', 'zh-TW': '此訊息不存在' },
  },
  // Races, rewards and campaigns (18xxx)
  race_not_found: {
    code: 18001,
    msg: { en_US: 'This race does not exist', 'zh-CN': '该排行赛不存在', 'zh-TW': '此排行賽不存在' },
  },
  race_not_ended: {
    code: 18002,
    msg: {
      en_US: 'This race has not ended yet',
      'zh-CN': '该排行赛尚未结束',
      'zh-TW': '此排行賽尚未結束',
    },
  },
  race_awaiting_issuance: {
    code: 18003,
    msg: {
      en_US: 'The race’s last day of task TAICE is not issued yet; try again in a few minutes',
      'zh-CN': '排行赛最后一天的任务 TAICE 尚未发放，请几分钟后再试',
      'zh-TW': '排行賽最後一天的任務 TAICE 尚未發放，請幾分鐘後再試',
    },
  },
  reward_not_found: {
    code: 18010,
    msg: { en_US: 'This reward does not exist', 'zh-CN': '该奖励不存在', 'zh-TW': '此獎勵不存在' },
  },
  reward_not_pending: {
    code: 18011,
    msg: {
      en_US: 'This reward was already decided',
      'zh-CN': '该奖励已处理',
      'zh-TW': '此獎勵已處理',
    },
  },
  campaign_not_found: {
    code: 18020,
    msg: { en_US: 'This campaign does not exist', 'zh-CN': '该活动不存在', 'zh-TW': '此活動不存在' },
  },
  campaign_ended: {
    code: 18021,
    msg: {
      en_US: 'This incentive activity has ended',
      'zh-CN': '该激励活动已结束',
      'zh-TW': '此激勵活動已結束',
    },
  },
  campaign_not_started: {
    code: 18022,
    msg: {
      en_US: 'This campaign has not started yet',
      'zh-CN': '该活动尚未开始',
      'zh-TW': '此活動尚未開始',
    },
  },
  campaign_not_settled: {
    code: 18023,
    msg: {
      en_US: 'This campaign can only be settled after it ends',
      'zh-CN': '活动结束后才能结算',
      'zh-TW': '活動結束後才能結算',
    },
  },
  campaign_started: {
    code: 18024,
    msg: {
      en_US: 'This campaign has started and can no longer be changed',
      'zh-CN': '该活动已开始，不能再修改',
      'zh-TW': '此活動已開始，無法再修改',
    },
  },
  // Earning configuration (194xx; decision 046)
  earning_change_in_past: {
    code: 19401,
    msg: {
      en_US: 'A change cannot apply from a time in the past',
      'zh-CN': '变更的生效时间不能早于现在',
      'zh-TW': '變更的生效時間不能早於現在',
    },
  },
  earning_change_too_far: {
    code: 19402,
    msg: {
      en_US: 'A change can be scheduled at most {days} days ahead',
      'zh-CN': '变更最多只能提前 {days} 天安排',
      'zh-TW': '變更最多只能提前 {days} 天安排',
    },
  },
  earning_change_not_found: {
    code: 19403,
    msg: { en_US: 'This change does not exist', 'zh-CN': '该变更不存在', 'zh-TW': '此變更不存在' },
  },
  earning_change_not_scheduled: {
    code: 19404,
    msg: {
      en_US: 'This change has already taken effect or been cancelled',
      'zh-CN': '该变更已生效或已取消',
      'zh-TW': '此變更已生效或已取消',
    },
  },
  task_template_not_found: {
    code: 19405,
    msg: { en_US: 'This task does not exist', 'zh-CN': '该任务不存在', 'zh-TW': '此任務不存在' },
  },
  task_template_exists: {
    code: 19406,
    msg: {
      en_US: 'A task with this code already exists',
      'zh-CN': '已存在使用此代码的任务',
      'zh-TW': '已存在使用此代碼的任務',
    },
  },
  task_code_format: {
    code: 19407,
    msg: {
      en_US: 'A task code is lower-case letters, digits and _, in parts joined by dots (e.g. day.6.1)',
      'zh-CN': '任务代码由小写字母、数字和 _ 组成，各部分以点连接（例如 day.6.1）',
      'zh-TW': '任務代碼由小寫字母、數字和 _ 組成，各部分以點連接（例如 day.6.1）',
    },
  },
  task_group_mismatch: {
    code: 19408,
    msg: {
      en_US: 'Daily tasks belong to a group from 1 on; other tasks to group 0',
      'zh-CN': '每日任务属于第 1 组起的某一组；其他任务属于第 0 组',
      'zh-TW': '每日任務屬於第 1 組起的某一組；其他任務屬於第 0 組',
    },
  },
  earning_max_groups_too_high: {
    code: 19409,
    msg: {
      en_US: 'Only {groups} daily groups have tasks: the daily cap cannot be higher',
      'zh-CN': '只有 {groups} 个每日任务组有任务：每日上限不能更高',
      'zh-TW': '只有 {groups} 個每日任務組有任務：每日上限不能更高',
    },
  },
  earning_milestones_repeated: {
    code: 19410,
    msg: {
      en_US: 'Each invitation milestone needs its own number of friends',
      'zh-CN': '每个邀请里程碑的好友人数不能重复',
      'zh-TW': '每個邀請里程碑的好友人數不能重複',
    },
  },
  earning_levels_order: {
    code: 19411,
    msg: {
      en_US: 'Level 1 starts at 0 and each level needs more TAICE than the one before',
      'zh-CN': '第 1 级从 0 开始，每一级所需的 TAICE 必须高于上一级',
      'zh-TW': '第 1 級從 0 開始，每一級所需的 TAICE 必須高於上一級',
    },
  },
  // Operator access: second factor, bans (190xx; decision 044)
  ops_second_factor_required: {
    code: 19001,
    msg: {
      en_US: 'Enter the code of your authenticator app to continue',
      'zh-CN': '请输入身份验证器应用中的验证码以继续',
      'zh-TW': '請輸入驗證器應用程式中的驗證碼以繼續',
    },
  },
  totp_already_enrolled: {
    code: 19002,
    msg: {
      en_US: 'An authenticator app is already set up for this account',
      'zh-CN': '此账号已设置身份验证器应用',
      'zh-TW': '此帳號已設定驗證器應用程式',
    },
  },
  totp_not_enrolled: {
    code: 19003,
    msg: {
      en_US: 'Set up an authenticator app first',
      'zh-CN': '请先设置身份验证器应用',
      'zh-TW': '請先設定驗證器應用程式',
    },
  },
  totp_code_invalid: {
    code: 19004,
    msg: {
      en_US: 'This code is wrong, expired or already used; wait for the next one',
      'zh-CN': '验证码错误、已过期或已使用，请等待下一个验证码',
      'zh-TW': '驗證碼錯誤、已過期或已使用，請等待下一個驗證碼',
    },
  },
  account_banned: {
    code: 19005,
    msg: {
      en_US: 'This account has been suspended. Please contact support',
      'zh-CN': '此账号已被停用，请联系客服',
      'zh-TW': '此帳號已被停用，請聯絡客服',
    },
  },
  ops_own_account: {
    code: 19006,
    msg: {
      en_US: 'You cannot do this to your own account',
      'zh-CN': '不能对自己的账号执行此操作',
      'zh-TW': '不能對自己的帳號執行此操作',
    },
  },

  // POOLS: reward pools on videos (201xx; issue 18, decision 050)
  pool_post_not_yours: {
    code: 20101,
    msg: {
      en_US: 'You can only fund a reward pool on your own video',
      'zh-CN': '只能为自己的视频设立奖励池',
      'zh-TW': '只能為自己的影片設立獎勵池',
    },
  },
  pool_post_not_ready: {
    code: 20102,
    msg: {
      en_US: 'A reward pool can only go on a published video (this one is processing, failed or taken down)',
      'zh-CN': '奖励池只能设在已发布的视频上（该视频正在处理、处理失败或已下架）',
      'zh-TW': '獎勵池只能設在已發佈的影片上（此影片正在處理、處理失敗或已下架）',
    },
  },
  pool_already_active: {
    code: 20103,
    msg: {
      en_US: 'This video already has an active reward pool; cancel it or wait until it closes',
      'zh-CN': '该视频已有进行中的奖励池，请先取消或等待其结束',
      'zh-TW': '此影片已有進行中的獎勵池，請先取消或等待其結束',
    },
  },
  pool_total_not_multiple: {
    code: 20104,
    msg: {
      en_US: 'The total must be a whole number of rewards of {amount} TAICE',
      'zh-CN': '总额必须是每人奖励 {amount} TAICE 的整数倍',
      'zh-TW': '總額必須是每人獎勵 {amount} TAICE 的整數倍',
    },
  },
  pool_too_many_slots: {
    code: 20105,
    msg: {
      en_US: 'A pool can reward at most {max} viewers',
      'zh-CN': '一个奖励池最多奖励 {max} 位观众',
      'zh-TW': '一個獎勵池最多獎勵 {max} 位觀眾',
    },
  },
  pool_watch_required: {
    code: 20106,
    msg: {
      en_US: 'Enter how many seconds a viewer must watch',
      'zh-CN': '请填写观众需要观看的秒数',
      'zh-TW': '請填寫觀眾需要觀看的秒數',
    },
  },
  pool_watch_too_long: {
    code: 20107,
    msg: {
      en_US: 'The seconds to watch cannot be more than the video lasts ({max} s)',
      'zh-CN': '观看秒数不能超过视频时长（{max} 秒）',
      'zh-TW': '觀看秒數不能超過影片長度（{max} 秒）',
    },
  },
  pool_end_invalid: {
    code: 20108,
    msg: {
      en_US: 'The end must be in the future and within {days} days',
      'zh-CN': '结束时间必须晚于现在，且在 {days} 天之内',
      'zh-TW': '結束時間必須晚於現在，且在 {days} 天之內',
    },
  },
  pool_key_reused: {
    code: 20109,
    msg: {
      en_US: 'This request key was already used for another reward pool',
      'zh-CN': '该请求标识已用于另一个奖励池',
      'zh-TW': '此請求標識已用於另一個獎勵池',
    },
  },
  pool_not_found: {
    code: 20110,
    msg: { en_US: 'This reward pool does not exist', 'zh-CN': '该奖励池不存在', 'zh-TW': '此獎勵池不存在' },
  },
  pool_not_active: {
    code: 20111,
    msg: {
      en_US: 'This reward pool has already closed',
      'zh-CN': '该奖励池已经结束',
      'zh-TW': '此獎勵池已經結束',
    },
  },
  pool_none: {
    code: 20112,
    msg: {
      en_US: 'This video has no reward pool',
      'zh-CN': '该视频没有奖励池',
      'zh-TW': '此影片沒有獎勵池',
    },
  },
  pool_ended: {
    code: 20113,
    msg: {
      en_US: 'This incentive activity has ended',
      'zh-CN': '该激励活动已结束',
      'zh-TW': '此激勵活動已結束',
    },
  },
  pool_empty: {
    code: 20114,
    msg: {
      en_US: 'All the rewards of this pool have been claimed',
      'zh-CN': '该奖励池的奖励已被领完',
      'zh-TW': '此獎勵池的獎勵已被領完',
    },
  },
  pool_watch_first: {
    code: 20115,
    msg: {
      en_US: 'Watch {seconds} more seconds to claim this reward',
      'zh-CN': '再观看 {seconds} 秒即可领取奖励',
      'zh-TW': '再觀看 {seconds} 秒即可領取獎勵',
    },
  },
  pool_already_claimed: {
    code: 20116,
    msg: {
      en_US: 'You have already claimed this reward',
      'zh-CN': '您已领取过该奖励',
      'zh-TW': '您已領取過此獎勵',
    },
  },
  pool_own_video: {
    code: 20117,
    msg: {
      en_US: 'You cannot claim the reward of your own video',
      'zh-CN': '不能领取自己视频的奖励',
      'zh-TW': '不能領取自己影片的獎勵',
    },
  },
  // STUDIO: video upload and processing (issue 18, decision 049)
  studio_upload_not_found: {
    code: 20001,
    msg: {
      en_US: 'This upload does not exist or has expired, please upload the video again',
      'zh-CN': '该上传不存在或已过期，请重新上传视频',
      'zh-TW': '此上傳不存在或已過期，請重新上傳影片',
    },
  },
  studio_upload_not_video: {
    code: 20002,
    msg: {
      en_US: 'This file is not a video we can read. Please choose a video file such as MP4, MOV or WebM',
      'zh-CN': '无法识别该文件为视频，请选择 MP4、MOV 或 WebM 等视频文件',
      'zh-TW': '無法識別此檔案為影片，請選擇 MP4、MOV 或 WebM 等影片檔案',
    },
  },
  studio_upload_empty: {
    code: 20003,
    msg: {
      en_US: 'The file is empty (0 bytes). Please choose a video file',
      'zh-CN': '文件为空（0 字节），请选择视频文件',
      'zh-TW': '檔案為空（0 位元組），請選擇影片檔案',
    },
  },
  studio_upload_too_large: {
    code: 20004,
    msg: {
      en_US: 'The video is too large: the limit is {mb} MB',
      'zh-CN': '视频过大：上限为 {mb} MB',
      'zh-TW': '影片過大：上限為 {mb} MB',
    },
  },
  studio_upload_too_long: {
    code: 20005,
    msg: {
      en_US: 'The video is too long: it may last at most {seconds} seconds',
      'zh-CN': '视频过长：时长不能超过 {seconds} 秒',
      'zh-TW': '影片過長：時長不能超過 {seconds} 秒',
    },
  },
  studio_upload_too_short: {
    code: 20006,
    msg: {
      en_US: 'The video is too short: it must last at least {seconds} seconds',
      'zh-CN': '视频过短：时长至少为 {seconds} 秒',
      'zh-TW': '影片過短：時長至少為 {seconds} 秒',
    },
  },
  studio_upload_not_ready: {
    code: 20007,
    msg: {
      en_US: 'The video has not finished uploading or is still being checked, please wait a moment',
      'zh-CN': '视频尚未上传完成或仍在检查中，请稍候',
      'zh-TW': '影片尚未上傳完成或仍在檢查中，請稍候',
    },
  },
  studio_upload_refused: {
    code: 20008,
    msg: {
      en_US: 'This upload was refused, please upload another video',
      'zh-CN': '该上传已被拒绝，请上传其他视频',
      'zh-TW': '此上傳已被拒絕，請上傳其他影片',
    },
  },
  studio_upload_length_required: {
    code: 20009,
    msg: {
      en_US: 'The upload must declare its size before it starts',
      'zh-CN': '上传开始前必须声明文件大小',
      'zh-TW': '上傳開始前必須宣告檔案大小',
    },
  },
  studio_upload_offset_mismatch: {
    code: 20010,
    msg: {
      en_US: 'The upload is out of step with the server, it will resume from the last byte received',
      'zh-CN': '上传进度与服务器不一致，将从已收到的位置继续',
      'zh-TW': '上傳進度與伺服器不一致，將從已收到的位置繼續',
    },
  },
  studio_upload_busy: {
    code: 20011,
    msg: {
      en_US: 'This upload is receiving data from another connection, please try again in a moment',
      'zh-CN': '该上传正在通过另一个连接接收数据，请稍后重试',
      'zh-TW': '此上傳正在透過另一個連線接收資料，請稍後重試',
    },
  },
  studio_cover_invalid: {
    code: 20012,
    msg: {
      en_US: 'The cover must be one of the generated frames or an image you uploaded',
      'zh-CN': '封面必须是生成的画面之一或您上传的图片',
      'zh-TW': '封面必須是產生的畫面之一或您上傳的圖片',
    },
  },
  studio_post_not_failed: {
    code: 20013,
    msg: {
      en_US: 'Only a video whose processing failed can be processed again',
      'zh-CN': '只有处理失败的视频才能重新处理',
      'zh-TW': '只有處理失敗的影片才能重新處理',
    },
  },
  studio_processing_failed: {
    code: 20014,
    msg: {
      en_US: 'The video could not be processed. Try again, or upload another file',
      'zh-CN': '视频处理失败，请重试或上传其他文件',
      'zh-TW': '影片處理失敗，請重試或上傳其他檔案',
    },
  },
  studio_source_missing: {
    code: 20015,
    msg: {
      en_US: 'The uploaded file is no longer available, please upload the video again',
      'zh-CN': '上传的文件已不可用，请重新上传视频',
      'zh-TW': '上傳的檔案已無法使用，請重新上傳影片',
    },
  },
  studio_upload_too_many: {
    code: 20016,
    msg: {
      en_US: 'You have {max} uploads in progress: finish or cancel one before starting another',
      'zh-CN': '您有 {max} 个正在进行的上传：请先完成或取消其中一个',
      'zh-TW': '您有 {max} 個進行中的上傳：請先完成或取消其中一個',
    },
  },

  // Direct-to-bucket uploads (decision 055)
  studio_direct_unavailable: {
    code: 20020,
    msg: {
      en_US: 'Uploading straight to storage is not available here, please upload through the server',
      'zh-CN': '此处无法直接上传到存储，请通过服务器上传',
      'zh-TW': '此處無法直接上傳到儲存空間，請透過伺服器上傳',
    },
  },
  studio_upload_part_invalid: {
    code: 20021,
    msg: {
      en_US: 'This upload has parts 1 to {count} only',
      'zh-CN': '该上传只有第 1 到第 {count} 个分片',
      'zh-TW': '此上傳只有第 1 到第 {count} 個分段',
    },
  },
  studio_upload_parts_missing: {
    code: 20022,
    msg: {
      en_US: '{count} parts of the upload have not arrived yet',
      'zh-CN': '上传还有 {count} 个分片尚未送达',
      'zh-TW': '上傳還有 {count} 個分段尚未送達',
    },
  },
  studio_upload_not_receiving: {
    code: 20023,
    msg: {
      en_US: 'Every byte of this upload has arrived already',
      'zh-CN': '该上传的所有数据已经送达',
      'zh-TW': '此上傳的所有資料已經送達',
    },
  },
  studio_upload_parts_rejected: {
    code: 20024,
    msg: {
      en_US: 'The storage did not accept the parts of this upload, they will be sent again',
      'zh-CN': '存储未接受该上传的分片，将重新发送',
      'zh-TW': '儲存空間未接受此上傳的分段，將重新傳送',
    },
  },

  // CHANNEL: the creator's videos and statistics (issue 18, decision 051)
  channel_post_not_found: {
    code: 20201,
    msg: {
      en_US: 'This video does not exist or is not one of yours',
      'zh-CN': '该视频不存在或不属于您',
      'zh-TW': '此影片不存在或不屬於您',
    },
  },
  channel_taken_down_by_operator: {
    code: 20202,
    msg: {
      en_US: 'This video was taken down by the platform ({reason}) and only the platform can put it back up',
      'zh-CN': '该视频已被平台下架（{reason}），只有平台可以重新上架',
      'zh-TW': '此影片已被平台下架（{reason}），只有平台可以重新上架',
    },
  },
  channel_cannot_take_down: {
    code: 20203,
    msg: {
      en_US: 'Only a published video can be taken down',
      'zh-CN': '只有已发布的视频可以下架',
      'zh-TW': '只有已發布的影片可以下架',
    },
  },
  channel_cannot_put_up: {
    code: 20204,
    msg: {
      en_US: 'Only a video you took down can be put back up',
      'zh-CN': '只有您自己下架的视频可以重新上架',
      'zh-TW': '只有您自己下架的影片可以重新上架',
    },
  },
  channel_action_invalid: {
    code: 20205,
    msg: {
      en_US: 'Say whether to take the video down (status 2, take_down) or put it back up (status 1, put_up)',
      'zh-CN': '请指明下架（status 2、take_down）或重新上架（status 1、put_up）',
      'zh-TW': '請指明下架（status 2、take_down）或重新上架（status 1、put_up）',
    },
  },

  // YOUTUBE: connecting a channel and importing its videos (issue 18, decision 052)
  youtube_not_connected: {
    code: 20301,
    msg: {
      en_US: 'Connect your YouTube channel first',
      'zh-CN': '请先连接您的 YouTube 频道',
      'zh-TW': '請先連結您的 YouTube 頻道',
    },
  },
  youtube_connection_expired: {
    code: 20302,
    msg: {
      en_US: 'Your YouTube connection has expired or was revoked, please connect again',
      'zh-CN': '您的 YouTube 连接已过期或已被撤销，请重新连接',
      'zh-TW': '您的 YouTube 連結已過期或已被撤銷，請重新連結',
    },
  },
  youtube_videos_required: {
    code: 20303,
    msg: { en_US: 'Select at least one video', 'zh-CN': '请至少选择一个视频', 'zh-TW': '請至少選擇一部影片' },
  },
  youtube_category_required: {
    code: 20304,
    msg: { en_US: 'Select a category', 'zh-CN': '请选择分类', 'zh-TW': '請選擇分類' },
  },
  youtube_publish_required: {
    code: 20305,
    msg: { en_US: 'Select Publish', 'zh-CN': '请选择发布', 'zh-TW': '請選擇發佈' },
  },
  youtube_too_many_videos: {
    code: 20306,
    msg: {
      en_US: 'Select at most {max} videos at a time',
      'zh-CN': '每次最多选择 {max} 个视频',
      'zh-TW': '每次最多選擇 {max} 部影片',
    },
  },
  youtube_video_invalid: {
    code: 20307,
    msg: {
      en_US: 'This is not a YouTube video',
      'zh-CN': '这不是有效的 YouTube 视频',
      'zh-TW': '這不是有效的 YouTube 影片',
    },
  },
  youtube_video_not_found: {
    code: 20308,
    msg: {
      en_US: 'The video {video_id} is not on your connected YouTube channel',
      'zh-CN': '视频 {video_id} 不在您连接的 YouTube 频道中',
      'zh-TW': '影片 {video_id} 不在您連結的 YouTube 頻道中',
    },
  },
  youtube_video_not_importable: {
    code: 20309,
    msg: {
      en_US: 'The video {video_id} cannot be imported: it is private, not ready, live, or does not allow embedding',
      'zh-CN': '视频 {video_id} 无法导入：它是私享视频、尚未处理完成、正在直播或不允许嵌入播放',
      'zh-TW': '影片 {video_id} 無法匯入：它是私人影片、尚未處理完成、正在直播或不允許嵌入播放',
    },
  },
  youtube_connect_invalid: {
    code: 20310,
    msg: {
      en_US: 'The YouTube connection was not completed, please try again',
      'zh-CN': 'YouTube 连接未完成，请重试',
      'zh-TW': 'YouTube 連結未完成，請重試',
    },
  },
  youtube_scope_missing: {
    code: 20311,
    msg: {
      en_US: 'Please allow TAICE to view your YouTube account, so it can list and import your videos',
      'zh-CN': '请允许 TAICE 查看您的 YouTube 账户，以便列出并导入您的视频',
      'zh-TW': '請允許 TAICE 查看您的 YouTube 帳戶，以便列出並匯入您的影片',
    },
  },
  youtube_no_channel: {
    code: 20312,
    msg: {
      en_US: 'This Google account has no YouTube channel',
      'zh-CN': '该 Google 账户没有 YouTube 频道',
      'zh-TW': '此 Google 帳戶沒有 YouTube 頻道',
    },
  },
  youtube_channel_taken: {
    code: 20313,
    msg: {
      en_US: 'This YouTube channel is already connected to another TAICE account',
      'zh-CN': '该 YouTube 频道已连接到另一个 TAICE 账户',
      'zh-TW': '此 YouTube 頻道已連結到另一個 TAICE 帳戶',
    },
  },
  youtube_unavailable: {
    code: 20314,
    msg: {
      en_US: 'YouTube cannot be reached right now, please try again later',
      'zh-CN': '暂时无法连接 YouTube，请稍后重试',
      'zh-TW': '暫時無法連線 YouTube，請稍後再試',
    },
  },

  // The Telegram bot (issue 19)
  telegram_bot_off: {
    code: 20401,
    msg: {
      en_US: 'The Telegram bot is not set up on this server',
      'zh-CN': '本服务器未配置 Telegram 机器人',
      'zh-TW': '本伺服器未設定 Telegram 機器人',
    },
  },
  telegram_webhook_refused: {
    code: 20402,
    msg: {
      en_US: 'This request does not come from Telegram',
      'zh-CN': '此请求并非来自 Telegram',
      'zh-TW': '此請求並非來自 Telegram',
    },
  },
  telegram_unavailable: {
    code: 20403,
    msg: {
      en_US: 'Telegram cannot be reached right now, the update will be delivered again',
      'zh-CN': '暂时无法连接 Telegram，该更新将重新投递',
      'zh-TW': '暫時無法連線 Telegram，該更新將重新投遞',
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
  unsafe_text: {
    en_US: 'contains a character that is not allowed (a control character or broken text)',
    'zh-CN': '包含不允许的字符（控制字符或损坏的文本）',
    'zh-TW': '包含不允許的字元（控制字元或損毀的文字）',
  },
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
