/**
 * Business registration certificate (SPEC §2 `business/certificate/{id}`), shown in English
 * and Nepali side by side (stacked on phones) whatever the interface language: the Nepali text
 * uses Devanagari digits and BS dates, the English text Latin digits and BS dates, each
 * formatted for its half's language, not the interface's (issue 17 §5). Every owner of a
 * multiple-owner registration is listed, and the permanent address includes its chowk. The PDF
 * is the server's rendering of the same CertificateView.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Lang } from '../../../shared/i18n/langs.js';
import type { CertificateView } from '../../../shared/schemas/certificate.js';
import { data, InfoGrid } from '../../components/InfoGrid';
import { NotFoundAlert } from '../../components/NotFoundAlert';
import { PageLoader } from '../../components/PageLoader';
import { RequirePermission } from '../../components/RequirePermission';
import { api, type Envelope } from '../../lib/api';
import i18n from '../../lib/i18n';
import { makeFormatter, type Formatter } from '../../lib/useFormat';
import { downloadCertificate } from '../registrations';
import { Arrow } from '../../components/Arrow';

/**
 * An AD date ('YYYY-MM-DD') as BS in the half's language and digits (not the interface's), with
 * the AD date on hover, in that language too.
 */
function HalfDate({ value, f, t }: { value: string; f: Formatter; t: TFunction }) {
  return (
    <time
      dateTime={value}
      title={t('datePicker.ad', { date: f.digits(value) })}
      style={{ whiteSpace: 'nowrap' }}
    >
      {f.date(value)}
    </time>
  );
}

/** The owner items: name and father's/husband's name of each owner, numbered when several. */
function ownerItems(c: CertificateView, t: TFunction, f: Formatter): [string, ReactNode][] {
  if (c.owners.length <= 1) {
    const [o] = c.owners;
    return [
      [t('form.ownerName'), data(o?.name ?? c.ownerName)],
      [t('form.fatherOrHusbandName'), data(o ? o.fatherOrHusbandName : c.fatherOrHusbandName)],
    ];
  }
  return c.owners.flatMap((o, i): [string, ReactNode][] => [
    [t('trustedDocuments.ownerN', { n: f.num(i + 1) }), data(o.name)],
    [t('trustedDocuments.ownerFatherN', { n: f.num(i + 1) }), data(o.fatherOrHusbandName)],
  ]);
}

/** The certificate's text in one language. */
function CertificateText({ c, lang }: { c: CertificateView; lang: Lang }) {
  const t = i18n.getFixedT(lang);
  const f = makeFormatter(lang);
  const pick = (b: { en: string; ne: string }) => (lang === 'ne' ? b.ne || b.en : b.en || b.ne);
  const wardNo = f.num(c.ward.number);
  const perm = c.permanentAddress;
  return (
    <Stack gap="sm" lang={lang}>
      <Title order={3} ta="center" size="h4">
        {t('certificate.heading')}
      </Title>
      <Text size="sm" ta="center">
        {t('certificate.statement', {
          palika: pick(c.palika.title),
          ward: wardNo,
        })}
      </Text>
      <InfoGrid
        cols={{ base: 1, xs: 2 }}
        items={[
          [t('applications.registrationNo'), f.digits(c.registrationNo)],
          [t('detail.fiscalYear'), pick(c.fiscalYear)],
          [t('form.businessName'), data(c.businessName)],
          [t('form.firmName'), data(c.firmName)],
          ...ownerItems(c, t, f),
          [t('form.businessTypeId'), pick(c.businessType)],
          [t('form.description'), data(c.description)],
          [
            t('form.sections.location'),
            data([c.location.address, c.location.tole].filter(Boolean).join(', ')),
          ],
          [t('form.locMobile'), f.digits(c.location.mobile)],
          [
            t('form.sections.permanentAddress'),
            [
              data(perm.tole),
              data(perm.chowk),
              `${pick(perm.city)}-${f.num(perm.wardNo)}`,
              pick(perm.district),
              pick(perm.province),
            ]
              .filter(Boolean)
              .map((part, i) => (
                <Fragment key={i}>
                  {i > 0 && ', '}
                  {part}
                </Fragment>
              )),
          ],
          [t('form.capitalMax'), f.money(c.capital.max)],
          [t('form.capitalCurrent'), f.money(c.capital.current)],
          [t('form.capitalPaidUp'), f.money(c.capital.paidUp)],
          [
            t('detail.registrationDate'),
            <HalfDate key="reg" value={c.registrationDate} f={f} t={t} />,
          ],
          [t('detail.expiryDate'), <HalfDate key="exp" value={c.expiryDate} f={f} t={t} />],
        ]}
      />
      <Divider />
      <SimpleGrid cols={2} spacing="sm">
        <div>
          <Text size="xs" c="dimmed">
            {t('certificate.chair', { ward: wardNo })}
          </Text>
          <Text fw={500}>{pick(c.ward.chairName) || '—'}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('certificate.secretary', { ward: wardNo })}
          </Text>
          <Text fw={500}>{pick(c.ward.secretaryName) || '—'}</Text>
        </div>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('certificate.issuedOn')}: {f.date(c.issuedAt)} · {t('certificate.verifyCode')}:{' '}
        {/* the public page the printed QR code opens (issue 7 §2) */}
        <Anchor
          component={Link}
          to={`/verify/${encodeURIComponent(c.verifyCode)}`}
          // Underlined: in a line of text, colour alone does not tell a link (axe
          // link-in-text-block). The code is a value, not language (translate="no").
          underline="always"
          translate="no"
          style={{ whiteSpace: 'nowrap' }}
        >
          {c.verifyCode}
        </Anchor>
      </Text>
    </Stack>
  );
}

function Certificate({ id }: { id: number }) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const q = useQuery({
    queryKey: ['/applications', 'certificate', id],
    queryFn: ({ signal }) =>
      api.get<Envelope<CertificateView>>(`/applications/${id}/certificate`, undefined, signal),
  });
  if (q.isPending) return <PageLoader />;
  if (q.isError || !q.data) {
    return (
      <NotFoundAlert to={`/business/applications/${id}/detail`}>
        {t('certificate.backToApplication')}
      </NotFoundAlert>
    );
  }
  const c = q.data.data;
  const tNe = i18n.getFixedT('ne');
  const tEn = i18n.getFixedT('en-US');
  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <Anchor component={Link} to={`/business/applications/${id}/detail`} size="sm">
          <Arrow to="back" /> {t('certificate.backToApplication')}
        </Anchor>
        <Button
          loading={downloading}
          onClick={() => {
            setDownloading(true);
            downloadCertificate(id, c.registrationNo)
              .catch(() => undefined)
              .finally(() => setDownloading(false));
          }}
        >
          {t('certificate.downloadPdf')}
        </Button>
      </Group>
      {c.revoked && (
        <Alert color="red" mb="md">
          {t('certificate.revoked')}
        </Alert>
      )}
      <Paper withBorder shadow="xs" radius="md" p={{ base: 'sm', sm: 'xl' }} maw={1100}>
        <Stack align="center" gap={2} mb="md" ta="center">
          {/* the palika's emblem and name from its settings (issue 17 §6) */}
          <Image src={c.palika.emblemUrl} alt="" h={64} w="auto" fit="contain" mb={4} />
          <Title order={2} lang="ne">
            {c.palika.title.ne}
          </Title>
          {/* The English lines of the bilingual header are declared English (lang). */}
          <Text fw={500} lang="en-US">
            {c.palika.title.en}
          </Text>
          <Text size="sm" c="dimmed">
            <span lang="ne">
              {c.palika.district.ne}, {c.palika.province.ne}
            </span>{' '}
            · <span lang="en-US">{`${c.palika.district.en}, ${c.palika.province.en}`}</span>
          </Text>
          <Text size="sm">
            <span lang="ne">
              {tNe('certificate.wardOffice', { ward: makeFormatter('ne').num(c.ward.number) })}
            </span>{' '}
            · <span lang="en-US">{tEn('certificate.wardOffice', { ward: c.ward.number })}</span>
          </Text>
          {c.revoked && (
            <Badge color="red" mt="xs">
              {t('certificate.revokedBadge')}
            </Badge>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <CertificateText c={c} lang="ne" />
          <CertificateText c={c} lang="en-US" />
        </SimpleGrid>
      </Paper>
    </>
  );
}

export default function CertificatePage() {
  const { id } = useParams();
  return (
    <RequirePermission perms={['view-applications']}>
      <Certificate id={Number(id)} />
    </RequirePermission>
  );
}
