/** Join a group by invite code (typed, or from an invite link /join-group?code=). */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useJoinGroup } from '../features/groups/api/groups';
import { ApiError } from '../lib/api-client';
import { Button } from '../components/ui/button';
import { Alert, Card, PageTitle } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { paths } from '../config/paths';

/** Page /join-group[?code=]: join a group by invite code, then go to it ('You are already a member' with a link when so). */
export function JoinGroupRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const navigate = useNavigate();
  const join = useJoinGroup();
  const [inviteCode, setInviteCode] = useState(code ?? '');
  const [invalid, setInvalid] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's schema (zod) comes with the first submit, not with the page.
    const { joinGroupRequest } = await import('../../contracts/groups');
    const parsed = joinGroupRequest.safeParse({ inviteCode });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    const joined = await join.mutateAsync(parsed.data.inviteCode).catch(() => null);
    if (joined && !joined.alreadyMember) navigate(paths.group(joined.group.id));
  };
  const already = join.data?.alreadyMember ? join.data.group : null;
  const errorId = join.error instanceof ApiError ? join.error.id : join.error ? 'internal' : null;

  return (
    <Card className="mx-auto max-w-md">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <PageTitle>{t('groups.joinTitle')}</PageTitle>
        {errorId ? <Alert>{t(`errors.${errorId}`)}</Alert> : null}
        {already ? (
          <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
            {t('groups.alreadyMember')}.{' '}
            <Link to={paths.group(already.id)} className="break-words font-semibold underline">{t('groups.openGroup', { name: already.name })}</Link>
          </p>
        ) : null}
        <TextField
          label={t('groups.inviteCode')} hint={t('groups.inviteCodeHint')} autoCapitalize="characters" autoComplete="off" spellCheck={false}
          className="mt-1 block w-full rounded-lg border-0 px-3 py-3 text-center font-mono text-2xl uppercase tracking-[0.3em] ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-emerald-600"
          value={inviteCode} onChange={(e) => setInviteCode(e.target.value)} error={invalid ? t('groups.inviteCodeHint') : null}
        />
        <Button type="submit" disabled={join.isPending} className="w-full">{t('groups.join')}</Button>
      </form>
    </Card>
  );
}
