import { PASSWORD_HINT } from '@rrc/contract/rules';
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';

/** The form of an account page: its failure, if any, above its fields. */
export function AuthForm({
  onSubmit,
  error,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className="space-y-5">
      {error && <Alert tone="error">{error}</Alert>}
      {children}
    </form>
  );
}

/** The address an account signs in with. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Email address"
      name="email"
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * A password box: `current` for the password the reader has, `new` for one being chosen (with the rules
 * it must follow under it), `repeat` for typing the new one again.
 */
export function PasswordField({
  purpose,
  label = 'Password',
  name = 'password',
  required = true,
  value,
  onChange,
}: {
  purpose: 'current' | 'new' | 'repeat';
  label?: string;
  name?: string;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      required={required}
      hint={purpose === 'new' ? PASSWORD_HINT : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The full-width button that sends an account form, saying what it is doing while it waits. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: string;
}) {
  return (
    <Button type="submit" disabled={busy} className="w-full py-2.5">
      {busy ? busyLabel : children}
    </Button>
  );
}
