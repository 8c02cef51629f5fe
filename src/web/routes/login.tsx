/**
 * Page /login[?redirect=]: email and password, checked on the device first with the shared zod schema
 * (each field's message under it, cleared once fixed; an empty form is never sent). On success the
 * person goes to the redirect target, or home. Refusals in the specification's words (section 8): an
 * unconfirmed email (with a resend button), wrong credentials (one message for a wrong password and an
 * unknown email), too many attempts, anything else.
 *
 * Light on purpose (it is a door of the app: docs/benchmarks.md, the front door's weight): the schema
 * (zod) and the Better Auth client load when the form is first sent, and two fields need no form library.
 */
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginForm } from '../../contracts/auth';
import { Button } from '../components/ui/button';
import { Alert, Card, PageTitle } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { paths } from '../config/paths';
import { redirectFrom, withRedirect } from '../lib/safe-redirect';
import { useAuth } from '../features/auth/auth-provider';
import { signInError } from '../features/auth/auth-errors';
import { PasswordField } from '../features/auth/components/password-field';

const ResendVerification = lazy(async () => ({ default: (await import('../features/auth/components/resend-verification')).ResendVerification }));

/** The sign-in form's schema (contracts/auth.ts), loaded once. */
const schema = () => import('../../contracts/auth').then((module) => module.loginForm);

/** Each field's message code (zod's issue message: 'required', 'email'…) for `form`, none when it is valid. */
async function problems(form: LoginForm): Promise<Partial<Record<keyof LoginForm, string>>> {
  const result = (await schema()).safeParse(form);
  if (result.success) return {};
  const found: Partial<Record<keyof LoginForm, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginForm;
    found[field] ??= issue.message;
  }
  return found;
}

/** The sign-in page. */
export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const [params] = useSearchParams();
  const redirect = redirectFrom(params);
  const [failure, setFailure] = useState<ReturnType<typeof signInError> | null>(null);
  const [form, setForm] = useState<LoginForm>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginForm, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const message = (code?: string) => (code ? t(`auth.validation.${code}`) : null);

  // After the first try, each change checks again (a message goes once its field is right).
  const edit = (field: keyof LoginForm, value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    if (submitted) void problems(next).then(setErrors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setSubmitting(true);
    try {
      const found = await problems(form);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      setFailure(null);
      const { authCall, authClient } = await import('../lib/auth-client');
      const { error } = await authCall(() => authClient.signIn.email({ email: form.email, password: form.password }));
      if (error) {
        // Better Auth makes no session for a refused sign-in (an unconfirmed email included): nothing to undo.
        setFailure(signInError(error));
        return;
      }
      await auth.refresh();
      await navigate(redirect ?? paths.home, { replace: true });
    } catch {
      // The form's code could not load (offline): said as a failed sign-in.
      setFailure(signInError({ status: 0 }));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card className="mx-auto max-w-md">
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        <PageTitle>{t('auth.signInTitle')}</PageTitle>
        {failure ? (
          <div className="space-y-3">
            <Alert>{t(failure.key)}</Alert>
            {/* A wrong password and the right one to an unconfirmed account get one answer (decision 005): both are offered the link. */}
            {failure.key === 'auth.messages.invalidCredentials' ? <p className="text-sm text-slate-600">{t('auth.messages.unconfirmedHint')}</p> : null}
            {failure.requiresVerification || failure.key === 'auth.messages.invalidCredentials'
              ? <Suspense fallback={null}><ResendVerification email={form.email} redirect={redirect} /></Suspense>
              : null}
          </div>
        ) : null}
        <TextField label={t('auth.email')} type="email" name="email" autoComplete="email" inputMode="email" error={message(errors.email)}
          value={form.email} onChange={(event) => edit('email', event.target.value)} />
        <PasswordField label={t('auth.password')} name="password" autoComplete="current-password" error={message(errors.password)}
          value={form.password} onChange={(event) => edit('password', event.target.value)} />
        <div className="flex justify-end">
          <Link to={paths.requestPasswordReset} className="text-sm font-medium text-emerald-800 hover:underline">{t('auth.forgotPassword')}</Link>
        </div>
        <Button type="submit" disabled={isSubmitting} className="w-full">{isSubmitting ? t('auth.working') : t('app.signIn')}</Button>
        <p className="text-center text-sm text-slate-600">
          {t('auth.noAccount')}{' '}
          <Link className="font-semibold text-emerald-800 hover:underline" to={withRedirect(paths.register, redirect)}>{t('app.register')}</Link>
        </p>
      </form>
    </Card>
  );
}
