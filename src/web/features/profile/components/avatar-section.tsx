/**
 * The profile page's picture: the current avatar (uploaded, or the generated initials), a file picker
 * for a JPEG, PNG or WebP up to 2 MB (checked on the device first, with the server's message) and
 * removal. The file input is the button's own (a label around it), so it is reached and opened with
 * the keyboard like any button.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../contracts/profile';
import { AVATAR_CONTENT_TYPES } from '../../../../contracts/limits';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClass } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useRemoveAvatar } from '../api/remove-avatar';
import { avatarFileProblem, useUploadAvatar } from '../api/upload-avatar';
import { ProfileSection } from './section';

/** The picture section of my profile. */
export function AvatarSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const toast = useToast();
  const hintId = useId();
  const upload = useUploadAvatar(profile.userId);
  const remove = useRemoveAvatar(profile.userId);
  const [error, setError] = useState<string | null>(null);
  const uploaded = profile.avatarUrl.includes('?v=');
  const busy = upload.isPending || remove.isPending;
  const failure = (caught: unknown) => setError(t(`errors.${caught instanceof ApiError ? caught.id : 'internal'}`));

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again (after fixing nothing) still gives an answer.
    event.target.value = '';
    if (!file) return;
    setError(null);
    const problem = avatarFileProblem(file);
    if (problem) {
      setError(t(`errors.${problem}`));
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast(t('profile.avatar.uploaded'));
    } catch (caught) {
      failure(caught);
    }
  };
  const removePicture = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      toast(t('profile.avatar.removed'));
    } catch (caught) {
      failure(caught);
    }
  };

  return (
    <ProfileSection title={t('profile.avatar.title')}>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={profile.avatarUrl} name={profile.fullName || profile.username} size={96} className="ring-1 ring-slate-200" />
        <div className="min-w-0 flex-1 basis-48 space-y-2">
          <div className="flex flex-wrap gap-2">
            <label className={buttonClass('secondary', `cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-emerald-600 ${busy ? 'pointer-events-none opacity-50' : ''}`)}>
              {upload.isPending ? t('profile.avatar.uploading') : uploaded ? t('profile.avatar.change') : t('profile.avatar.upload')}
              <input
                type="file"
                accept={AVATAR_CONTENT_TYPES.join(',')}
                className="sr-only"
                aria-describedby={hintId}
                disabled={busy}
                onChange={(event) => void choose(event)}
              />
            </label>
            {uploaded ? (
              <Button variant="ghost" className="text-red-700" disabled={busy} onClick={() => void removePicture()}>{t('profile.avatar.remove')}</Button>
            ) : null}
          </div>
          <p id={hintId} className="text-xs text-slate-500">{t('profile.avatar.hint')}</p>
        </div>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </ProfileSection>
  );
}
