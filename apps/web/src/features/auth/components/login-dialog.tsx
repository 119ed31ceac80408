import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, Diamond, Mail, Send, UserPlus } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { EMAIL_CODE_INPUT_MAX, LOGIN_DIALOG_RESET_MS, type UserInfo } from '@taice/contract';
import { isTelegramMiniApp } from '../../../shared/lib/platform';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { notify } from '../../../shared/ui/toast';
import { i18n } from '../../../shared/i18n/i18n';
import { logInWithEvmWallet, startGoogle, GoogleMark, startTelegram, connectTon, WalletChoice } from '../../identities';
import { storedInvitationCode } from '../../../shared/session/invitation';
import { completeLogin } from '../../../shared/session/complete-login';
import { useLoginDialog, type LoginMode } from '../../../shared/session/login-dialog';
import { Field } from '../../../shared/ui/field';
import { PolicyCheckbox } from './policy-checkbox';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { emailLogin } from '../api/email-login';
import { emailRegister } from '../api/email-register';
import { resetPassword } from '../api/reset-password';
import { sendEmailCode, type EmailCodeType } from '../api/send-email-code';

/** E-mail format of spec section 5: a local part, @, a domain with a dot. */
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Problem = [field: string, key: ParseKeys];

/** The first failed check, shown as a warning toast and next to its field (spec section 5 order). */
function firstProblem(checks: [failed: boolean, ...Problem][]): Problem | null {
  const hit = checks.find(([failed]) => failed);
  return hit ? [hit[1], hit[2]] : null;
}

function registerType(): number {
  if (isTelegramMiniApp()) return 3;
  return new URLSearchParams(window.location.search).get('from') === 'email' ? 2 : 1;
}

interface FormState {
  email: string;
  code: string;
  password: string;
  inviteCode: string;
}

/** A fresh form; the invitation code of the link that brought the visitor is filled in. */
const emptyForm = (): FormState => ({ email: '', code: '', password: '', inviteCode: storedInvitationCode() });

const titles: Record<LoginMode, ParseKeys> = {
  0: 'auth.chooseTitle',
  1: 'auth.registerTitle',
  2: 'auth.loginTitle',
  3: 'auth.forgotTitle',
};

function MethodButton({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-12 items-center gap-2 rounded-lg border border-border px-3 py-2 font-semibold transition hover:border-accent hover:bg-surface-2"
    >
      <span className="grid size-6 place-items-center text-accent-text" aria-hidden>
        {icon}
      </span>
      {label}
    </button>
  );
}

export function LoginDialog() {
  const { t } = useTranslation();
  const { open, mode, setMode, close } = useLoginDialog();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [form, setForm] = useState<FormState>(emptyForm);

  // Back to the method choice about 300 ms after closing (spec section 4).
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => {
      setMode(0);
      setProblem(null);
      setForm(emptyForm());
    }, LOGIN_DIALOG_RESET_MS);
    return () => clearTimeout(timer);
  }, [open, setMode]);

  const switchTo = (next: LoginMode) => {
    setProblem(null);
    setMode(next);
  };
  const set = (key: keyof FormState) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    if (problem?.[0] === key) setProblem(null);
  };
  const refuse = (found: Problem | null): boolean => {
    setProblem(found);
    if (found) notify.warning(i18n.t(found[1]));
    return found !== null;
  };
  const email = form.email.trim();

  const sendCode = async (type: EmailCodeType) => {
    if (refuse(firstProblem([[!EMAIL_FORMAT.test(email), 'email', 'auth.enterCorrectEmail']]))) return false;
    return sendEmailCode(email, type);
  };

  const finish = async (result: { user: UserInfo; token: string }) => {
    await completeLogin(result, {
      queryClient,
      pathname: location.pathname,
      replace: (path) => void navigate(path, { replace: true }),
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checks: Record<1 | 2 | 3, [boolean, ...Problem][]> = {
      1: [
        [!email, 'email', 'auth.enterEmail'],
        [!EMAIL_FORMAT.test(email), 'email', 'auth.enterCorrectEmail'],
        [!form.code.trim(), 'code', 'auth.enterCode'],
        [!form.password, 'password', 'auth.enterPassword'],
        [!agreed, 'policy', 'auth.agreePolicy'],
      ],
      2: [
        [!email, 'email', 'auth.enterEmail'],
        [!form.password, 'password', 'auth.enterPassword'],
        [!agreed, 'policy', 'auth.agreePolicy'],
      ],
      3: [
        [!email, 'email', 'auth.enterEmail'],
        [!form.code.trim(), 'code', 'auth.enterCode'],
        [!form.password, 'password', 'auth.enterPassword'],
      ],
    };
    if (mode === 0 || refuse(firstProblem(checks[mode]))) return;
    setBusy(true);
    try {
      if (mode === 1) {
        const result = await emailRegister({
          email,
          code: form.code.trim(),
          password: form.password,
          invite_code: form.inviteCode.trim() || undefined,
          register_type: registerType(),
        });
        notify.success(i18n.t('auth.registerSuccess'));
        await finish(result);
      } else if (mode === 2) {
        const result = await emailLogin({ email, password: form.password });
        notify.success(i18n.t('auth.loginSuccess'));
        await finish(result);
      } else {
        await resetPassword({
          email,
          code: form.code.trim(),
          password: form.password,
          invite_code: form.inviteCode || undefined,
        });
        notify.success(i18n.t('auth.resetSuccess'));
        setForm((f) => ({ ...f, code: '', password: '' }));
        switchTo(2);
      }
    } catch (error) {
      // The server's message was already shown as a toast (spec section 8).
      console.error(error);
    } finally {
      setBusy(false);
    }
  };

  /** An outside login (wallet, Google, Telegram, TON) needs the policy agreed first (spec section 5). */
  const outside = async (start: () => Promise<unknown>) => {
    if (refuse(firstProblem([[!agreed, 'policy', 'auth.agreePolicy']]))) return;
    await start();
  };

  const errorOf = (field: string) => (problem?.[0] === field ? t(problem[1]) : undefined);
  const policy = (
    <div>
      <PolicyCheckbox checked={agreed} onChange={setAgreed} onNavigate={close} />
      {errorOf('policy') && <p className="mt-1 text-sm text-danger">{errorOf('policy')}</p>}
    </div>
  );

  return (
    <Modal
      open={open}
      onClose={close}
      title={t(titles[mode])}
      leading={
        mode !== 0 && (
          <button
            type="button"
            onClick={() => switchTo(mode === 3 ? 2 : 0)}
            className="grid size-11 place-items-center rounded-full hover:bg-surface-2"
            aria-label={t('auth.back')}
          >
            <ChevronLeft className="size-6" aria-hidden />
          </button>
        )
      }
    >
      {mode === 0 ? (
        <div className="flex flex-col gap-4">
          <section aria-labelledby="login-wallets" className="flex flex-col gap-2">
            <h3 id="login-wallets" className="text-sm font-semibold text-muted">
              {t('auth.withWallet')}
            </h3>
            <WalletChoice onPick={(option) => outside(() => logInWithEvmWallet(option))} />
          </section>
          <section aria-labelledby="login-others" className="flex flex-col gap-2">
            <h3 id="login-others" className="text-sm font-semibold text-muted">
              {t('auth.otherWays')}
            </h3>
            <div className="grid grid-cols-2 gap-2">
              <MethodButton
                icon={<Mail className="size-5" />}
                label={t('auth.methodEmail')}
                onClick={() => switchTo(2)}
              />
              <MethodButton
                icon={<UserPlus className="size-5" />}
                label={t('auth.signUp')}
                onClick={() => switchTo(1)}
              />
              <MethodButton
                icon={<GoogleMark />}
                label="Google"
                onClick={() => void outside(async () => startGoogle('login'))}
              />
              <MethodButton
                icon={<Send className="size-5" />}
                label="Telegram"
                onClick={() => void outside(() => startTelegram('login'))}
              />
              <MethodButton
                icon={<Diamond className="size-5" />}
                label="TON"
                onClick={() => void outside(() => connectTon('login'))}
              />
            </div>
          </section>
          {policy}
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
          <Field
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="name@example.com"
            value={form.email}
            onChange={set('email')}
            error={errorOf('email')}
          />
          {mode !== 2 && (
            <Field
              label={t('auth.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={EMAIL_CODE_INPUT_MAX}
              placeholder={t('auth.codePlaceholder')}
              value={form.code}
              onChange={set('code')}
              error={errorOf('code')}
              trailing={<SendCodeButton onSend={() => sendCode(mode === 1 ? 'register' : 'forget_password')} />}
            />
          )}
          <Field
            label={mode === 3 ? t('auth.newPassword') : t('auth.password')}
            name="password"
            type="password"
            autoComplete={mode === 2 ? 'current-password' : 'new-password'}
            value={form.password}
            onChange={set('password')}
            error={errorOf('password')}
          />
          {mode === 1 && (
            <Field
              label={t('auth.inviteCode')}
              name="invite_code"
              autoComplete="off"
              maxLength={32}
              placeholder={t('auth.optional')}
              value={form.inviteCode}
              onChange={set('inviteCode')}
            />
          )}
          {mode === 2 && (
            <button type="button" onClick={() => switchTo(3)} className="-mt-2 self-end text-sm text-accent-text">
              {t('auth.forgotLink')}
            </button>
          )}
          {mode !== 3 && policy}
          <Button type="submit" size="lg" block loading={busy}>
            {mode === 1 ? t('auth.signUp') : mode === 2 ? t('auth.logIn') : t('auth.resetPassword')}
          </Button>
          <p className="text-center text-sm text-muted">
            {mode === 1 ? (
              <>
                {t('auth.haveAccount')}{' '}
                <button type="button" onClick={() => switchTo(2)} className="font-semibold text-accent-text">
                  {t('auth.logIn')}
                </button>
              </>
            ) : mode === 2 ? (
              <>
                {t('auth.noAccount')}{' '}
                <button type="button" onClick={() => switchTo(1)} className="font-semibold text-accent-text">
                  {t('auth.signUp')}
                </button>
              </>
            ) : (
              <button type="button" onClick={() => switchTo(2)} className="font-semibold text-accent-text">
                {t('auth.backToLogin')}
              </button>
            )}
          </p>
        </form>
      )}
    </Modal>
  );
}
