import type { ApiLang } from '@taice/contract';
import type { Mail } from '../../platform/mail/mailer';
import type { CodePurpose } from './email-codes';

const texts: Record<
  ApiLang,
  Record<CodePurpose, { subject: string; intro: string }> & { valid: string; ignore: string }
> = {
  en_US: {
    register: {
      subject: 'Your TAICE verification code',
      intro: 'Use this code to add this e-mail to a TAICE account:',
    },
    forget_password: { subject: 'Your TAICE password reset code', intro: 'Use this code to set a new password:' },
    valid: 'The code is valid for 10 minutes and can be used once.',
    ignore: 'If you did not ask for it, you can ignore this e-mail.',
  },
  'zh-CN': {
    register: { subject: 'TAICE 验证码', intro: '请使用以下验证码将此邮箱用于 TAICE 账户：' },
    forget_password: { subject: 'TAICE 重置密码验证码', intro: '请使用以下验证码设置新密码：' },
    valid: '验证码 10 分钟内有效，仅可使用一次。',
    ignore: '如果这不是您本人的操作，请忽略此邮件。',
  },
  'zh-TW': {
    register: { subject: 'TAICE 驗證碼', intro: '請使用以下驗證碼將此電子郵件用於 TAICE 帳戶：' },
    forget_password: { subject: 'TAICE 重設密碼驗證碼', intro: '請使用以下驗證碼設定新密碼：' },
    valid: '驗證碼 10 分鐘內有效，僅可使用一次。',
    ignore: '如果這不是您本人的操作，請忽略此郵件。',
  },
};

/** The verification-code e-mail, in the language the user asked in. */
export function codeMail(to: string, code: string, purpose: CodePurpose, lang: ApiLang): Mail {
  const t = texts[lang];
  const { subject, intro } = t[purpose];
  return {
    to,
    subject,
    text: `${intro}\n\n${code}\n\n${t.valid}\n${t.ignore}\n\nTAICE`,
    html: `<div style="font-family:system-ui,sans-serif;font-size:15px;color:#14141c">
<p>${intro}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>
<p>${t.valid}<br>${t.ignore}</p>
<p>TAICE</p></div>`,
  };
}
