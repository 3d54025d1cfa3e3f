/**
 * Pieces of the one-time-code steps (registration, password reset; issue 5 §1): the 6-digit
 * code input and the resend button with its countdown.
 *
 * The code input takes Latin and Devanagari digits (a Nepali keyboard types ०-९; the server's
 * otpField converts them). Mantine's `type="number"` would refuse Devanagari digits, so the
 * allowed characters are given as a pattern, with a numeric keyboard (`inputMode`) and the
 * browser's one-time-code autofill (`oneTimeCode`).
 */
import { Button, Input, PinInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLatinDigits } from '../../../shared/format.js';
import { useFormat } from '../../lib/useFormat';

export const OTP_LENGTH = 6;
const DIGITS = /^[0-9\u0966-\u096F]+$/;

export function OtpInput({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  return (
    <Input.Wrapper
      label={t('otp.label')}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      required
      error={error}
      errorProps={{ id: `${id}-error` }}
    >
      <PinInput
        length={OTP_LENGTH}
        type={DIGITS}
        inputType="tel"
        oneTimeCode
        autoFocus={autoFocus}
        aria-labelledby={`${id}-label`}
        name="otp"
        value={value}
        onChange={onChange}
        error={!!error}
        gap={6}
        size="md"
        mt={4}
        getInputProps={(i) => ({
          inputMode: 'numeric',
          'aria-label': `${t('otp.label')}: ${t('otp.digit', { n: f.digits(i + 1) })}`,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
      />
    </Input.Wrapper>
  );
}

/** The code as the server wants it: Latin digits. */
export function normalizeCode(code: string): string {
  return toLatinDigits(code).trim();
}

/** Seconds left until `until` (ms epoch), ticking every second. */
export function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** "Send the code again", disabled with a countdown until the server allows another send. */
export function ResendButton({
  until,
  onResend,
  loading,
}: {
  until: number;
  onResend: () => void;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const left = useCountdown(until);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      disabled={left > 0}
      loading={loading}
      onClick={onResend}
      aria-live="polite"
    >
      {left > 0 ? t('otp.resendIn', { seconds: f.num(left) }) : t('otp.resend')}
    </Button>
  );
}
