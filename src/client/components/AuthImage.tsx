/**
 * Files behind the bearer token (photos, scans): fetched through the API client as a Blob and
 * shown through an object URL, which is released when the component goes away.
 */
import { Anchor, Image, Skeleton, type ImageProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, saveBlob } from '../lib/api';

/** The Blob of /api/files/{id}, cached per id. */
export function useFileBlob(fileId: number | null | undefined) {
  return useQuery({
    queryKey: ['file', fileId],
    queryFn: () => api.blob(`/files/${fileId}`),
    enabled: fileId != null,
    staleTime: Infinity,
  });
}

/** An object URL for `blob`, revoked when the blob changes or the component unmounts. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    // Created in the effect (not during render) so every URL made is also revoked, including
    // under StrictMode's mount–unmount–mount in development.
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return blob ? url : undefined;
}

export function AuthImage({ fileId, alt, ...props }: { fileId: number; alt: string } & ImageProps) {
  const q = useFileBlob(fileId);
  const url = useObjectUrl(q.data);
  const { t } = useTranslation();
  if (!url || !q.data) {
    return <Skeleton h={props.h ?? 120} w={props.w ?? 120} animate={q.isPending} />;
  }
  // A scan may be a PDF: offer it as a link instead of a broken image.
  if (!q.data.type.startsWith('image/')) {
    return (
      <Anchor href={url} target="_blank" rel="noopener">
        {t('common.openFile')}
      </Anchor>
    );
  }
  return <Image src={url} alt={alt} fit="contain" {...props} />;
}

/** A link that downloads a protected file (e.g. a PDF) and opens it in a new tab. */
export function FileLink({
  fileId,
  filename,
  children,
}: {
  fileId: number;
  filename: string;
  children: ReactNode;
}) {
  const open = async () => {
    const blob = await api.blob(`/files/${fileId}`);
    const url = URL.createObjectURL(blob);
    // Not 'noopener' in the features: with it window.open always returns null.
    const w = window.open(url, '_blank');
    if (w) w.opener = null;
    // Pop-up blocked: fall back to saving the file.
    else saveBlob(blob, filename);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <Anchor component="button" type="button" onClick={() => void open().catch(() => undefined)}>
      {children}
    </Anchor>
  );
}
