/** Counter filing's API calls (issue 19 §4): find, create, one applicant, upload their scans. */
import { useQuery } from '@tanstack/react-query';
import type {
  ApplicantCreate,
  CounterApplicant,
  CounterApplication,
} from '../../../shared/schemas/counter.js';
import { api, request, type Envelope } from '../../lib/api';

/** The query key of one applicant. */
export const applicantKey = (id: number) => ['/counter/applicants', id] as const;

/** GET /api/counter/applicants?q= */
export function findApplicants(q: string) {
  return api.get<Envelope<CounterApplicant[]>>('/counter/applicants', { q });
}

/** POST /api/counter/applicants; field errors and the 409 are the caller's to show. */
export function createApplicant(body: ApplicantCreate & { lang: string }) {
  return request<Envelope<CounterApplicant>>('/counter/applicants', {
    method: 'POST',
    json: body,
    silent: true,
  });
}

/** POST /api/counter/applicants/{id}/documents with the chosen scans. */
export function uploadScans(id: number, files: { photo: File | null; citizenship: File | null }) {
  const fd = new FormData();
  if (files.photo) fd.append('photo', files.photo);
  if (files.citizenship) fd.append('citizenship', files.citizenship);
  return request<Envelope<CounterApplicant>>(`/counter/applicants/${id}/documents`, {
    method: 'POST',
    body: fd,
  });
}

/** GET /api/counter/applicants/{id} */
export function useApplicant(id: number) {
  return useQuery({
    queryKey: applicantKey(id),
    queryFn: ({ signal }) =>
      api.get<Envelope<CounterApplicant>>(`/counter/applicants/${id}`, undefined, signal),
  });
}

/** GET /api/counter/applicants/{id}/applications: theirs that staff may see, newest first. */
export function useApplicantApplications(id: number) {
  return useQuery({
    queryKey: [...applicantKey(id), 'applications'],
    queryFn: ({ signal }) =>
      api.get<Envelope<CounterApplication[]>>(
        `/counter/applicants/${id}/applications`,
        undefined,
        signal,
      ),
  });
}
