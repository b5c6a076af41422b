import type { User } from '@rrc/contract';
import { SCREEN_FALLBACKS } from '@rrc/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { failureMessage } from '../../lib/api-client.ts';
import { publicConfigQueryOptions, usePublicConfig } from '../../lib/public-config.ts';
import { useSession } from '../../lib/session.ts';
import { PasswordField } from './AuthForm.tsx';
import { ResendVerification } from './ResendVerification.tsx';

function memberSince(createdAt: string) {
  return new Date(createdAt).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

function ProfileForm({ user, onDone }: { user: User; onDone: (message: string) => void }) {
  const { updateProfile } = useSession();
  const queryClient = useQueryClient();
  const [name, setName] = useState(user.name ?? '');
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const updated = await updateProfile({
        name: name.trim() || null,
        email,
        ...(newPassword ? { newPassword } : {}),
        // Changing the email or the password needs the current password.
        ...(currentPassword ? { currentPassword } : {}),
      });
      const saved = newPassword ? 'Profile and password updated.' : 'Profile updated.';
      // A new address takes effect only once its owner opens the link mailed to it.
      const asked = updated.pending_email && email.trim().toLowerCase() === updated.pending_email;
      if (!asked) return onDone(saved);
      const config = await queryClient.fetchQuery(publicConfigQueryOptions()).catch(() => null);
      onDone(
        config?.email_enabled === false
          ? `${saved} Your email changes to ${updated.pending_email} once the site's administrator confirms it: this site sends no email.`
          : `${saved} We sent a link to ${updated.pending_email}: your email changes once you open it.`,
      );
    } catch (failure) {
      setError(failureMessage(failure, SCREEN_FALLBACKS.profileUpdate));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="Name"
        name="name"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-700">Password</legend>
        <p className="text-xs text-slate-500">
          Your current password is needed to change your email or password.
        </p>
        <PasswordField
          purpose="current"
          label="Current password"
          name="currentPassword"
          required={false}
          value={currentPassword}
          onChange={setCurrentPassword}
        />
        <PasswordField
          purpose="new"
          label="New password"
          name="newPassword"
          required={false}
          value={newPassword}
          onChange={setNewPassword}
        />
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save changes'}
        </Button>
        <Button variant="secondary" onClick={() => onDone('')} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Whether the address is verified, and a change of address still waiting for its link to be opened. */
function EmailStatus({ user }: { user: User }) {
  // Only a change waiting for its link needs to know whether the site sends email.
  const config = usePublicConfig({ enabled: Boolean(user.pending_email) });
  const noMail = config.data?.email_enabled === false;
  // A session stored before verification existed does not say; it is checked again at start-up.
  if (user.email_verified === undefined) return null;
  return (
    <>
      <dd className="mt-1">
        {user.email_verified ? (
          <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200">
            Verified
          </span>
        ) : (
          <span className="inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
            Not verified yet
          </span>
        )}
      </dd>
      {user.pending_email && (
        <dd className="mt-2 space-y-2 rounded-lg bg-slate-50 p-3 text-slate-700 ring-1 ring-slate-200">
          <p>
            Changing to <strong className="break-words text-slate-900">{user.pending_email}</strong>.{' '}
            {noMail
              ? "This site sends no email, so the site's administrator confirms the new address"
              : 'Open the link we sent there to confirm it'}
            ; until then you sign in with {user.email}.
          </p>
          {!noMail && <ResendVerification />}
        </dd>
      )}
    </>
  );
}

const SIGN_OUT_FALLBACK = 'We could not sign you out everywhere. Please try again.';

/** Ends every session of the account, on every device, this one too; asks first. */
function SignOutEverywhere() {
  const { signOutEverywhere } = useSession();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await signOutEverywhere();
    } catch (failure) {
      setError(failureMessage(failure, SIGN_OUT_FALLBACK));
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <p className="text-xs text-slate-500">
        Signed in on a device you no longer have, or on someone else&apos;s computer? Sign out of every device
        at once.
      </p>
      <Button
        variant="secondary"
        className="mt-2 px-3 py-1.5"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={open}
        title="Sign out everywhere?"
        message="Every device signed in to your account is signed out, this one too. You can sign in again afterwards."
        confirmLabel="Sign out everywhere"
        busyLabel="Signing out..."
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}

export function ProfileCard({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState('');

  return (
    <Card
      title="Profile Information"
      actions={
        !editing && (
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            onClick={() => {
              setNotice('');
              setEditing(true);
            }}
          >
            Edit
          </Button>
        )
      }
    >
      {editing ? (
        <ProfileForm
          user={user}
          onDone={(message) => {
            setNotice(message);
            setEditing(false);
          }}
        />
      ) : (
        <>
          {notice && (
            <div className="mb-4">
              <Alert tone="success">{notice}</Alert>
            </div>
          )}
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-medium text-slate-500">Name</dt>
              <dd className="mt-0.5 text-slate-900">{user.name || 'Not provided'}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-500">Email</dt>
              <dd className="mt-0.5 break-all text-slate-900">{user.email}</dd>
              <EmailStatus user={user} />
            </div>
            <div>
              <dt className="font-medium text-slate-500">Member since</dt>
              <dd className="mt-0.5 text-slate-900">{memberSince(user.created_at)}</dd>
            </div>
          </dl>
          <SignOutEverywhere />
        </>
      )}
    </Card>
  );
}
