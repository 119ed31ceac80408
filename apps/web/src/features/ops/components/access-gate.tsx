import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { KeyRound, LogIn, ShieldCheck, ShieldX } from 'lucide-react';
import { errorCode, opsAccessCalls, TOTP_CODE_LENGTH } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { paths } from '../../../shared/routing/paths';
import { useLoginDialog } from '../../../shared/session/login-dialog';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { copyText } from '../../../shared/ui/copy';
import { ErrorState, Skeleton, Spinner } from '../../../shared/ui/states';
import { gateOf } from '../access';
import { useAuthStatus, useTotpEnrolment, useTotpVerify } from '../api/use-auth-status';
import { useOpsForm } from '../form';
import { useOpsT } from '../ops-i18n';
import { TextInput } from './fields';

function Card({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-[36rem] flex-col items-center gap-4 px-4 py-12 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-accent/15 text-accent-text">{icon}</span>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      {children}
    </div>
  );
}

/** The code of the authenticator app: confirms an enrolment, or verifies this session. */
function CodeForm() {
  const { ot } = useOpsT();
  const verify = useTotpVerify();
  const form = useOpsForm({
    initial: { code: '' },
    schema: opsAccessCalls.opsTotpVerify.body,
    toBody: (values) => ({ code: values.code.replace(/\s/g, '') }),
    submit: async (body) => {
      try {
        await verify.mutateAsync(body.code);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === errorCode('totp_code_invalid'))) throw error;
        form.fail('code', error.message);
      }
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex w-full max-w-[20rem] flex-col gap-3 text-left">
      <TextInput
        form={form}
        name="code"
        label={ot('access.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={'0'.repeat(TOTP_CODE_LENGTH)}
      />
      <Button type="submit" loading={form.pending} block>
        {ot('access.verify')}
      </Button>
    </form>
  );
}

function Enrolment() {
  const { ot } = useOpsT();
  const enrolment = useTotpEnrolment();
  const secret = enrolment.data;
  return (
    <Card
      icon={<KeyRound className="size-8" aria-hidden />}
      title={ot('access.enrolTitle')}
      text={ot('access.enrolText')}
    >
      {enrolment.isError ? (
        <ErrorState onRetry={() => void enrolment.refetch()} />
      ) : secret ? (
        <div className="flex flex-col items-center gap-2">
          <img
            src={secret.qr_data_url}
            alt={ot('access.qrAlt')}
            className="size-52 rounded-lg bg-white p-2"
            data-testid="totp-qr"
          />
          <p className="text-sm text-muted">{ot('access.secretHint')}</p>
          <button
            type="button"
            onClick={() => void copyText(secret.secret)}
            className="min-h-11 break-all rounded-lg bg-surface-2 px-3 font-mono text-sm"
            data-testid="totp-secret"
          >
            {secret.secret}
          </button>
        </div>
      ) : (
        <Skeleton className="size-52" />
      )}
      <CodeForm />
    </Card>
  );
}

/**
 * Who may see the console: a visitor is asked to log in, a member without a role is turned away, an operator
 * enrols an authenticator once and verifies each session with its code. When a verification runs out (a call
 * refused for want of it, or its time passed) the code is asked again and the screen behind it is kept.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const { ot } = useOpsT();
  const loggedIn = useSession((s) => s.token !== null);
  const showLogin = useLoginDialog((s) => s.show);
  const status = useAuthStatus();
  const [now, setNow] = useState(Date.now);
  const gate = gateOf({ loggedIn, status: status.data, error: status.data ? undefined : status.error, now });
  const [everOpen, setEverOpen] = useState(false);
  if (gate === 'open' && !everOpen) setEverOpen(true);

  const until = status.data?.verified_until;
  useEffect(() => {
    if (!until) return;
    // Past the verification's end, the code is asked again (a timer longer than 2^31 ms fires at once).
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Date.parse(until) - Date.now() + 1000, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [until]);

  const screen = (() => {
    switch (gate) {
      case 'visitor':
        return (
          <Card icon={<LogIn className="size-8" aria-hidden />} title={ot('access.title')} text={ot('access.logIn')}>
            <Button onClick={() => showLogin(2)}>{ot('access.logInButton')}</Button>
          </Card>
        );
      case 'checking':
        return <Spinner />;
      case 'not_operator':
        return (
          <Card
            icon={<ShieldX className="size-8" aria-hidden />}
            title={ot('access.notOperatorTitle')}
            text={ot('access.notOperatorText')}
          >
            <Link to={paths.home} className="font-semibold text-accent-text underline-offset-4 hover:underline">
              {ot('access.backToSite')}
            </Link>
          </Card>
        );
      case 'failed':
        return <ErrorState onRetry={() => void status.refetch()} />;
      case 'enrol':
        return <Enrolment />;
      case 'verify':
        return (
          <Card
            icon={<ShieldCheck className="size-8" aria-hidden />}
            title={ot('access.verifyTitle')}
            text={ot(everOpen ? 'access.verifyAgainText' : 'access.verifyText')}
          >
            <CodeForm />
          </Card>
        );
      case 'open':
        return null;
    }
  })();

  return (
    <>
      {screen}
      {everOpen && <div hidden={gate !== 'open'}>{children}</div>}
    </>
  );
}
