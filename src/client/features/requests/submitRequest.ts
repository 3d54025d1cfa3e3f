/**
 * Filing a request (POST /api/applications/{id}/amendment|closure|duplicate, JSON): on 201
 * the lists and the registration's detail are refreshed, a success message names the
 * submission number, and the browser goes to the new request's detail page. A 422 answer's
 * field errors go back to the form; a 409 (not an approved registration, one already in
 * progress) is shown as the refusal.
 */
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RegistrationRequest } from '../../../shared/lifecycle.js';
import { api, ApiError, type Envelope, type FieldErrors } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';
import { detailKey } from '../registrations';

/** The route of each request under /api/applications/{id}/. */
const ROUTE: Record<RegistrationRequest, string> = {
  amendment: 'amendment',
  closure: 'closure',
  duplicate: 'duplicate',
};

export function useSubmitRequest(id: number, service: RegistrationRequest) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  /** Posts `body`; resolves to the field errors of a 422 (empty when none). */
  async function submit(body: Record<string, unknown>): Promise<FieldErrors> {
    setSaving(true);
    setRefusal(null);
    try {
      const res = await api.postJson<Envelope<{ id: number; submissionNo: string }>>(
        `/applications/${id}/${ROUTE[service]}`,
        body,
      );
      void qc.invalidateQueries({ queryKey: ['/applications', 'list'] });
      void qc.invalidateQueries({ queryKey: detailKey(id) });
      void qc.invalidateQueries({ queryKey: ['dashboard'] });
      notifications.show({
        color: 'green',
        message: t('requests.submitted', { no: f.digits(res.data.submissionNo) }),
      });
      await navigate(`/business/applications/${res.data.id}/detail`);
      return {};
    } catch (e) {
      if (!(e instanceof ApiError)) return {};
      if (e.status === 409) setRefusal(e.message);
      if (e.errors.form?.length) setRefusal(e.errors.form[0]);
      return e.errors;
    } finally {
      setSaving(false);
    }
  }
  return { submit, saving, refusal };
}
