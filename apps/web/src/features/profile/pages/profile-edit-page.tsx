import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Camera } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import { NICKNAME_MAX_LENGTH, SOCIAL_LINK_MAX_LENGTH, isTelegramPremiumUsername, type UserInfo } from '@taice/contract';
import { i18n } from '../../../shared/i18n/i18n';
import { Avatar } from '../../../shared/ui/avatar';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { Spinner } from '../../../shared/ui/states';
import { notify } from '../../../shared/ui/toast';
import { useMe } from '../../../shared/session/api/use-me';
import { Field } from '../../../shared/ui/field';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { sendEmailCode } from '../../auth';
import { BindAccounts } from '../../identities';
import { uploadAvatar } from '../api/upload-avatar';
import { useAddEmail } from '../api/use-add-email';
import { useUpdateProfile } from '../api/use-update-profile';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEXT_FIELDS = ['nickname', 'twitter', 'facebook', 'youtube', 'instagram'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const emptyMessage: Record<TextField, ParseKeys> = {
  nickname: 'profile.nicknameEmpty',
  twitter: 'profile.twitterEmpty',
  facebook: 'profile.facebookEmpty',
  youtube: 'profile.youtubeEmpty',
  instagram: 'profile.instagramEmpty',
};

/** What is wrong with a changed field's value, in the visitor's language; null when nothing. */
function problemOf(field: TextField | 'telegram_premium', value: string): string | null {
  if (field === 'telegram_premium') {
    return isTelegramPremiumUsername(value) ? null : i18n.t('profile.telegramPremiumInvalid');
  }
  const limit = field === 'nickname' ? NICKNAME_MAX_LENGTH : SOCIAL_LINK_MAX_LENGTH;
  if (!value.trim()) return i18n.t(emptyMessage[field]);
  if (value.trim().length > limit) {
    return i18n.t(field === 'nickname' ? 'profile.nicknameTooLong' : 'profile.linkTooLong', { max: limit });
  }
  return null;
}

function Section({ id, title, children }: { id?: string; title: string; children: React.ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id ?? title}-title`}
      className="scroll-mt-20 rounded-xl border border-border bg-surface p-5"
    >
      <h2 id={`${id ?? title}-title`} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function AvatarSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();
  const [uploading, setUploading] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const url = await uploadAvatar(file);
      await update.mutateAsync({ avatar: url });
      notify.success(i18n.t('profile.changed'));
    } catch (error) {
      console.error(error);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="flex items-center gap-4">
      <Avatar src={user.avatar} name={user.nickname} className="size-20 text-3xl" />
      <div>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="sr-only"
          id="avatar-file"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button variant="secondary" loading={uploading} onClick={() => input.current?.click()}>
          <Camera className="size-5" aria-hidden />
          {t('profile.changeAvatar')}
        </Button>
        <p className="mt-1 text-sm text-muted">{t('profile.avatarHint')}</p>
      </div>
    </div>
  );
}

function DetailsForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [values, setValues] = useState(() => ({
    nickname: user.nickname,
    twitter: user.twitter,
    facebook: user.facebook,
    youtube: user.youtube,
    instagram: user.instagram,
    telegram_premium: user.telegram_premium,
    gender: user.gender,
  }));
  const [error, setError] = useState<{ field: string; text: string } | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => value !== user[key as keyof UserInfo]),
    ) as Partial<typeof values>;
    for (const field of [...TEXT_FIELDS, 'telegram_premium'] as const) {
      const value = changed[field];
      if (value === undefined) continue;
      const problem = problemOf(field, value);
      if (problem) {
        setError({ field, text: problem });
        notify.warning(problem);
        return;
      }
    }
    setError(null);
    if (Object.keys(changed).length === 0) {
      notify.success(i18n.t('profile.changed'));
      return;
    }
    try {
      await update.mutateAsync(changed);
      notify.success(i18n.t('profile.changed'));
    } catch (err) {
      console.error(err);
    }
  };

  const field = (name: TextField | 'telegram_premium', label: string, placeholder?: string) => (
    <Field
      label={label}
      name={name}
      value={values[name]}
      placeholder={placeholder}
      maxLength={name === 'nickname' ? NICKNAME_MAX_LENGTH + 10 : SOCIAL_LINK_MAX_LENGTH + 10}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={error?.field === name ? error.text : undefined}
    />
  );

  return (
    <form noValidate onSubmit={(e) => void save(e)} className="flex flex-col gap-4">
      {field('nickname', t('profile.nickname'))}
      <div>
        <label htmlFor="gender" className="mb-1 block text-sm font-medium text-muted">
          {t('profile.gender')}
        </label>
        <select
          id="gender"
          value={values.gender}
          onChange={(e) => setValues((v) => ({ ...v, gender: Number(e.target.value) }))}
          className="min-h-11 w-full rounded-lg border border-border bg-surface-2 px-3"
        >
          <option value={0}>{t('profile.genderUnknown')}</option>
          <option value={1}>{t('profile.genderMale')}</option>
          <option value={2}>{t('profile.genderFemale')}</option>
        </select>
      </div>
      <div className="grid gap-4 wide:grid-cols-2">
        {field('twitter', 'X (Twitter)', 'https://x.com/you')}
        {field('facebook', 'Facebook', 'https://facebook.com/you')}
        {field('youtube', 'YouTube', 'https://youtube.com/@you')}
        {field('instagram', 'Instagram', 'https://instagram.com/you')}
        {field('telegram_premium', t('profile.telegramPremium'), t('profile.telegramPremiumHint'))}
      </div>
      <Button type="submit" loading={update.isPending} className="self-start">
        {t('profile.save')}
      </Button>
    </form>
  );
}

function EmailSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const addEmail = useAddEmail();
  const [form, setForm] = useState({ email: '', code: '', password: '' });
  if (user.email) return <p className="text-base">{user.email}</p>;
  const email = form.email.trim();
  const warn = (key: ParseKeys) => {
    notify.warning(i18n.t(key));
    return false;
  };
  const send = async () => {
    if (!EMAIL_FORMAT.test(email)) return warn('auth.enterCorrectEmail');
    return sendEmailCode(email, 'register');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email) return warn('auth.enterEmail');
    if (!EMAIL_FORMAT.test(email)) return warn('auth.enterCorrectEmail');
    if (!form.code.trim()) return warn('auth.enterCode');
    try {
      await addEmail.mutateAsync({ email, code: form.code.trim(), password: form.password || undefined });
      notify.success(i18n.t('profile.emailAdded'));
    } catch (error) {
      console.error(error);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('profile.addEmailText')}</p>
      <Field
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
      />
      <Field
        label={t('auth.code')}
        name="code"
        inputMode="numeric"
        maxLength={10}
        value={form.code}
        onChange={(e) => setForm((f) => ({ ...f, code: e.target.value }))}
        trailing={<SendCodeButton onSend={send} />}
      />
      <Field
        label={t('profile.passwordOptional')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
      />
      <Button type="submit" loading={addEmail.isPending} className="self-start">
        {t('profile.addEmail')}
      </Button>
    </form>
  );
}

export default function ProfileEditPage() {
  const { t } = useTranslation();
  const me = useMe();
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    // After the layout's scroll-to-top of a new page (parent effects run after this one).
    const frame = requestAnimationFrame(() => document.getElementById(hash.slice(1))?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [hash, me.data]);
  if (!me.data) return <Spinner />;
  const user = me.data;
  return (
    <Page title={t('routes.profileEdit')} narrow>
      <div className="flex flex-col gap-5">
        <Section title={t('profile.avatar')}>
          <AvatarSection user={user} />
        </Section>
        <Section title={t('profile.details')}>
          <DetailsForm key={user.id} user={user} />
        </Section>
        <Section id="email" title={t('auth.email')}>
          <EmailSection user={user} />
        </Section>
        <Section id="bind" title={t('identities.title')}>
          <BindAccounts user={user} />
        </Section>
      </div>
    </Page>
  );
}
