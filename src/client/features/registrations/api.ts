/** Applications calls shared by the pages of this feature. */
import { useQuery } from '@tanstack/react-query';
import { api, saveBlob, type Envelope } from '../../lib/api';
import type { ApplicationDetail } from './types';

export const detailKey = (id: number) => ['/applications', 'detail', id] as const;

export function useApplicationDetail(id: number, lang: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) =>
      api.get<Envelope<ApplicationDetail>>(`/applications/${id}`, { lang }, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** File name of a certificate: `certificate-<registration no with / as ->.pdf`. */
export function certificateFileName(registrationNo: string): string {
  return `certificate-${registrationNo.replace(/\//g, '-')}.pdf`;
}

/** Fetches the certificate PDF with the bearer token and saves it. */
export async function downloadCertificate(id: number, registrationNo: string): Promise<void> {
  const blob = await api.blob(`/applications/${id}/certificate.pdf`);
  saveBlob(blob, certificateFileName(registrationNo));
}

/**
 * Fetches the closure letter (issue 19 §2) of a closed registration, or of its approved closure
 * request, and saves it as `closure-letter-<registration no>.pdf`.
 */
export async function downloadClosureLetter(id: number, registrationNo: string): Promise<void> {
  const blob = await api.blob(`/applications/${id}/closure-letter.pdf`);
  saveBlob(blob, `closure-letter-${registrationNo.replace(/\//g, '-')}.pdf`);
}

/** Fetches the acknowledgement slip PDF (issue 19 §4) with the bearer token and saves it. */
export async function downloadAcknowledgement(id: number, submissionNo: string): Promise<void> {
  const blob = await api.blob(`/applications/${id}/acknowledgement`);
  saveBlob(blob, `acknowledgement-${submissionNo.replace(/\//g, '-')}.pdf`);
}

/** Single- or multiple-owner application (older answers carry no `kind`). */
export function kindOf(d: ApplicationDetail): 'single' | 'multiple' {
  return d.kind ?? ((d.owners?.length ?? 0) > 1 ? 'multiple' : 'single');
}
