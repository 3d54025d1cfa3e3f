/**
 * Application detail (SPEC §2): tabs information / history / images, the lifecycle actions
 * the server allows this user (`allowedActions`), and the certificate once issued.
 *
 * Issue 4: the fee estimate while no bill is assessed; the staff checklist per document in
 * the images tab (POST /api/applications/{id}/documents/{documentId}/checks); renewal links —
 * "Renew" when the registration is due (`canRenew`), the renewal in progress, and for a
 * renewal the registration it renews, whose certificate it prints.
 */
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AppAction } from '../../../shared/lifecycle.js';
import { BsDate } from '../../components/BsDate';
import { AuthImage, FileLink } from '../../components/AuthImage';
import { data, InfoGrid } from '../../components/InfoGrid';
import { NotFoundAlert } from '../../components/NotFoundAlert';
import { PageLoader } from '../../components/PageLoader';
import { RequirePermission } from '../../components/RequirePermission';
import { StatusBadge } from '../../components/StatusBadge';
import { api, type Envelope } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';
import { ActionDialog, ACTION_COLOR, type RemarksAction } from './ActionDialog';
import { detailKey, downloadCertificate, kindOf, useApplicationDetail } from './api';
import { QuoteView } from './FeeEstimate';
import { BillTable, PaymentDialog } from './PaymentDialog';
import { RevokeCertificateButton } from '../verify/RevokeCertificateButton';
import { SendNotificationButton } from '../notifications/SendNotificationButton';
import { PayOnline } from '../payments/PayOnline';
import { PayStatusBadge } from '../payments/PayStatusBadge';
import { ReceiptDownload } from '../payments/ReceiptDownload';
import type { ApplicationDetail, ApplicationDocument, CheckboxOption } from './types';
import { useAllOptions } from './useOptions';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function InformationTab({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const cm = (v: number | string | null | undefined) =>
    v == null || v === '' ? '' : `${f.digits(v)} ${t('form.cm')}`;
  return (
    <Stack gap="md">
      <Section title={t('form.sections.business')}>
        <InfoGrid
          items={[
            [t('form.businessName'), data(d.businessName)],
            [t('form.ownerName'), data(d.ownerName)],
            [t('form.fatherOrHusbandName'), data(d.fatherOrHusbandName)],
            [t('form.businessTypeId'), f.name(d.businessType)],
            [t('form.firmName'), data(d.firmName)],
            [t('form.description'), data(d.description)],
          ]}
        />
      </Section>
      <Section title={t('detail.registration')}>
        <InfoGrid
          items={[
            [t('applications.submissionNo'), f.digits(d.submissionNo)],
            [t('applications.submittedOn'), <BsDate key="sub" value={d.submissionDate} />],
            [t('applications.registrationNo'), f.digits(d.registrationNo)],
            [t('detail.registrationDate'), <BsDate key="reg" value={d.registrationDate} />],
            [t('detail.expiryDate'), <BsDate key="exp" value={d.expiryDate} />],
            [
              t('detail.fiscalYear'),
              d.fiscalYear?.code ? (f.lang === 'ne' ? d.fiscalYear.nameNe : d.fiscalYear.code) : '',
            ],
          ]}
        />
      </Section>
      {d.owners && d.owners.length > 0 && kindOf(d) === 'multiple' && (
        <Section title={t('form.sections.owners')}>
          <Table.ScrollContainer minWidth={360} scrollAreaProps={{ type: 'auto' }}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{t('form.owner.name')}</Table.Th>
                  <Table.Th>{t('form.owner.fatherOrHusbandName')}</Table.Th>
                  <Table.Th>{t('form.owner.citizenshipNo')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...d.owners]
                  .sort((a, b) => a.position - b.position)
                  .map((o, i) => (
                    <Table.Tr key={o.position}>
                      <Table.Td>{f.num(i + 1)}</Table.Td>
                      <Table.Td translate="no">{o.name}</Table.Td>
                      <Table.Td translate="no">{o.fatherOrHusbandName}</Table.Td>
                      <Table.Td>{f.digits(o.citizenshipNo) || '—'}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      )}
      <Section title={t('form.sections.permanentAddress')}>
        <InfoGrid
          items={[
            [t('form.permStateId'), f.name(d.permState)],
            [t('form.permDistrictId'), f.name(d.permDistrict)],
            [t('form.permCityId'), f.name(d.permCity)],
            [t('form.permWardNo'), f.num(d.permWardNo)],
            [t('form.permTole'), data(d.permTole)],
            [t('form.permChowk'), data(d.permChowk)],
          ]}
        />
      </Section>
      <Section title={t('form.sections.location')}>
        <InfoGrid
          items={[
            [t('form.wardId'), `${f.num(d.ward.number)} — ${f.name(d.ward)}`],
            [t('form.locAddress'), data(d.locAddress)],
            [t('form.locTole'), data(d.locTole)],
            [t('form.locMobile'), f.digits(d.locMobile)],
          ]}
        />
      </Section>
      <Section title={t('form.sections.capital')}>
        <InfoGrid
          items={[
            [t('form.capitalMax'), f.money(d.capitalMax)],
            [t('form.capitalCurrent'), f.money(d.capitalCurrent)],
            [t('form.capitalPaidUp'), f.money(d.capitalPaidUp)],
          ]}
        />
      </Section>
      {(d.cardLength != null || d.cardWidth != null) && (
        <Section title={t('form.sections.card')}>
          <InfoGrid
            items={[
              [t('form.cardLength'), cm(d.cardLength)],
              [t('form.cardWidth'), cm(d.cardWidth)],
            ]}
          />
        </Section>
      )}
      {(d.otherRegNo || d.otherRegOffice) && (
        <Section title={t('form.sections.otherReg')}>
          <InfoGrid
            items={[
              [t('form.otherRegNo'), f.digits(d.otherRegNo)],
              [t('form.otherRegOffice'), data(d.otherRegOffice)],
            ]}
          />
        </Section>
      )}
      {(d.rentLandlordName || d.rentMonthly != null) && (
        <Section title={t('form.sections.rent')}>
          <InfoGrid
            items={[
              [t('form.rentLandlordName'), data(d.rentLandlordName)],
              [t('form.rentWardNo'), f.num(d.rentWardNo)],
              [t('form.rentTole'), data(d.rentTole)],
              [t('form.rentChowk'), data(d.rentChowk)],
              [t('form.rentHouseNo'), f.digits(d.rentHouseNo)],
              [t('form.rentFloors'), f.num(d.rentFloors)],
              [t('form.rentRooms'), f.num(d.rentRooms)],
              [t('form.rentStartDate'), <BsDate key="rent" value={d.rentStartDate} />],
              [t('form.rentMonthly'), f.money(d.rentMonthly)],
              [
                t('form.rentTaxPeriodMonths'),
                d.rentTaxPeriodMonths ? t('form.monthsN', { n: f.num(d.rentTaxPeriodMonths) }) : '',
              ],
              [t('form.rentPurpose'), d.rentPurpose ? t(`form.purpose.${d.rentPurpose}`) : ''],
            ]}
          />
        </Section>
      )}
      {(d.landCurrentCity || d.landKittaNo || d.landSeatNo || d.landPreviousVdc) && (
        <Section title={t('form.sections.land')}>
          <InfoGrid
            items={[
              [t('form.landCurrentCity'), data(d.landCurrentCity)],
              [t('form.landWardNo'), f.num(d.landWardNo)],
              [t('form.landPreviousVdc'), data(d.landPreviousVdc)],
              [t('form.landSeatNo'), f.digits(d.landSeatNo)],
              [t('form.landKittaNo'), f.digits(d.landKittaNo)],
              [t('form.landArea'), f.digits(d.landArea)],
            ]}
          />
        </Section>
      )}
      {(Boolean(d.isOldRegistration) || d.oldRegistrationNo) && (
        <Section title={t('form.sections.oldReg')}>
          <InfoGrid
            items={[
              [t('form.oldRegistrationNo'), f.digits(d.oldRegistrationNo)],
              [t('form.oldRegistrationDate'), <BsDate key="old" value={d.oldRegistrationDate} />],
            ]}
          />
        </Section>
      )}
      <Section title={t('form.sections.applicant')}>
        <InfoGrid
          items={[
            [t('form.applicantName'), data(d.applicantName)],
            [t('form.applicantAddress'), data(d.applicantAddress)],
            [t('form.applicantContact'), f.digits(d.applicantContact)],
          ]}
        />
      </Section>
      {d.bill && (
        <Section title={t('detail.bill')}>
          <BillTable bill={d.bill} />
        </Section>
      )}
      {!d.bill && d.estimate && (
        <Section title={t('estimate.detailTitle')}>
          <Text size="sm" c="dimmed" mb="xs">
            {t('estimate.note')}
          </Text>
          <QuoteView quote={d.estimate} />
        </Section>
      )}
      {d.payments.length > 0 && (
        <Section title={t('detail.payments')}>
          {/* The scrollbar stays visible on phones, where the last columns are off to the side. */}
          <Table.ScrollContainer minWidth={480} scrollAreaProps={{ type: 'auto' }}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payment.receiptNo')}</Table.Th>
                  <Table.Th>{t('payment.paidDate')}</Table.Th>
                  <Table.Th>{t('payment.channel')}</Table.Th>
                  <Table.Th ta="right">{t('bill.total')}</Table.Th>
                  <Table.Th>{t('payments.status')}</Table.Th>
                  <Table.Th>{t('receipt.column')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.payments.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td translate="no">{f.digits(p.receiptNo)}</Table.Td>
                    <Table.Td>
                      <BsDate value={p.paidDate} />
                    </Table.Td>
                    <Table.Td>{t(`payment.${p.channel}`, { defaultValue: p.channel })}</Table.Td>
                    <Table.Td ta="right">{f.money(p.total)}</Table.Td>
                    <Table.Td>
                      <PayStatusBadge status={p.payStatus} />
                    </Table.Td>
                    <Table.Td>
                      <ReceiptDownload payment={p} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      )}
    </Stack>
  );
}

const MONEY_FIELDS = new Set(['capitalMax', 'capitalCurrent', 'capitalPaidUp', 'rentMonthly']);

function HistoryTab({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const fieldLabel = (field: string) =>
    field === 'owners'
      ? t('form.sections.owners')
      : t(`form.${field}`, { defaultValue: field }).replace(/ \((BS|वि\.सं\.)\)$/, '');
  const showValue = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (typeof v === 'boolean') return v ? '✓' : '✗';
    if (MONEY_FIELDS.has(field) && typeof v === 'number') return f.money(v);
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return f.date(v);
    if (field === 'rentPurpose' && typeof v === 'string') {
      return t(`form.purpose.${v}`, { defaultValue: v });
    }
    if (Array.isArray(v)) {
      return v
        .map((o) =>
          o && typeof o === 'object' && 'name' in o
            ? String((o as { name: unknown }).name)
            : String(o),
        )
        .join(', ');
    }
    if (typeof v === 'object') return JSON.stringify(v);
    return f.digits(String(v));
  };
  if (!d.history.length) return <Text c="dimmed">{t('detail.noHistory')}</Text>;
  return (
    <Timeline active={d.history.length - 1} bulletSize={18} lineWidth={2}>
      {d.history.map((h) => (
        <Timeline.Item key={h.id} title={t(`actions.${h.action}`, { defaultValue: h.action })}>
          <Group gap={6} mt={4} wrap="wrap">
            {h.fromStatus && <StatusBadge status={h.fromStatus} />}
            {h.fromStatus && h.toStatus && <Text size="sm">→</Text>}
            {h.toStatus && <StatusBadge status={h.toStatus} />}
          </Group>
          <Text size="sm" mt={4}>
            {t('detail.by')}: {data(h.byName) ?? '—'}
            {h.byUserType ? ` (${t(`roles.${h.byUserType}`, { defaultValue: h.byUserType })})` : ''}
          </Text>
          {h.changes && Object.keys(h.changes).length > 0 && (
            <Box mt={4}>
              <Text size="sm" fw={500}>
                {t('detail.changes')}:
              </Text>
              <Box component="ul" m={0} pl="md">
                {Object.entries(h.changes).map(([field, c]) => (
                  <Text component="li" size="sm" key={field} style={{ overflowWrap: 'anywhere' }}>
                    {fieldLabel(field)}: {showValue(field, c.from)} → {showValue(field, c.to)}
                  </Text>
                ))}
              </Box>
            </Box>
          )}
          {h.remarks && (
            <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t('actions.remarks')}: {data(h.remarks)}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={2}>
            <BsDate value={h.createdAt} />
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/**
 * The staff checklist of one document: editable by staff who verify (`canCheckDocuments`),
 * otherwise the ticked items read-only.
 */
function DocumentChecks({
  appId,
  doc,
  boxes,
  editable,
}: {
  appId: number;
  doc: ApplicationDocument;
  boxes: CheckboxOption[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const saved = (doc.checks ?? []).map(String);
  const [value, setValue] = useState<string[]>(saved);
  const save = useMutation({
    // JSON: an all-cleared checklist is an empty list, which multipart cannot send.
    mutationFn: (checks: number[]) =>
      api.postJson<Envelope<ApplicationDetail>>(
        `/applications/${appId}/documents/${doc.id}/checks`,
        { checks },
      ),
    onSuccess: (res) => {
      qc.setQueryData(detailKey(appId), res);
      notifications.show({ color: 'green', message: res.message ?? t('common.updated') });
    },
  });
  if (!editable) {
    const ticked = boxes.filter((b) => saved.includes(String(b.id)));
    return (
      <Box mt="xs">
        <Text size="sm" fw={500}>
          {t('actions.checklist')}
        </Text>
        {ticked.length ? (
          <Box component="ul" m={0} pl="md">
            {ticked.map((b) => (
              <Text component="li" size="sm" key={b.id}>
                ✓ {f.name(b)}
              </Text>
            ))}
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            {t('documents.noChecks')}
          </Text>
        )}
      </Box>
    );
  }
  const dirty = [...value].sort().join(',') !== [...saved].sort().join(',');
  return (
    <Box mt="xs">
      <Checkbox.Group label={t('actions.checklist')} value={value} onChange={setValue}>
        <Stack gap={6} mt={6}>
          {boxes.map((b) => (
            <Checkbox key={b.id} value={String(b.id)} label={f.name(b)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Button
        size="xs"
        mt="sm"
        variant={dirty ? 'filled' : 'light'}
        loading={save.isPending}
        onClick={() => save.mutate(value.map(Number))}
      >
        {t('documents.saveChecks')}
      </Button>
    </Box>
  );
}

function ImagesTab({ d }: { d: ApplicationDetail }) {
  const { t } = useTranslation();
  const f = useFormat();
  const boxes = useAllOptions<CheckboxOption>('checkboxes');
  if (!d.documents.length) return <Text c="dimmed">{t('detail.noDocuments')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
      {d.documents.map((doc) => {
        const label = doc.nameEn
          ? f.name({ nameEn: doc.nameEn, nameNe: doc.nameNe })
          : t(`documents.${doc.kind}`, { defaultValue: doc.kind });
        return (
          <Card
            key={doc.id}
            withBorder
            radius="md"
            padding="sm"
            component="section"
            aria-label={label}
          >
            <Text fw={500} mb="xs">
              {label}
            </Text>
            {doc.mime.startsWith('image/') ? (
              <AuthImage fileId={doc.fileId} alt={label} h={200} radius="sm" />
            ) : (
              <FileLink fileId={doc.fileId} filename={doc.originalName}>
                {t('detail.openPdf')} ({doc.originalName})
              </FileLink>
            )}
            {boxes.data && boxes.data.length > 0 && (
              <DocumentChecks
                // A new server answer (another document saved) restarts the local ticks.
                key={(doc.checks ?? []).join(',')}
                appId={d.id}
                doc={doc}
                boxes={boxes.data}
                editable={Boolean(d.canCheckDocuments)}
              />
            )}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useApplicationDetail(id, f.lang);
  const [action, setAction] = useState<RemarksAction | null>(null);
  const [paying, setPaying] = useState(false);
  const [downloading, setDownloading] = useState(false);

  if (q.isPending) return <PageLoader />;
  if (q.isError || !q.data) {
    return <NotFoundAlert to="/business/applications">{t('detail.backToList')}</NotFoundAlert>;
  }
  const d = q.data.data;
  const start = (a: AppAction) => (a === 'pay' ? setPaying(true) : setAction(a));
  const cert = d.certificate;
  // An approved renewal prints the certificate of the registration it renewed.
  const renewed = d.renewalOf && d.appStatus === 'approved' && !cert ? d.renewalOf : null;

  return (
    <>
      <Anchor component={Link} to="/business/applications" size="sm">
        ← {t('detail.backToList')}
      </Anchor>
      <Group justify="space-between" align="flex-start" mt="xs" mb="md" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }} translate="no">
            {d.businessName}
          </Title>
          <Group gap="xs" mt={4}>
            <StatusBadge status={d.appStatus} />
            <Text size="sm" c="dimmed">
              {t('applications.submissionNo')}: {f.digits(d.submissionNo)}
            </Text>
            {d.registrationNo && (
              <Badge variant="outline" color="green">
                {t('applications.registrationNo')}: {f.digits(d.registrationNo)}
              </Badge>
            )}
          </Group>
          {d.renewalOf && (
            <Anchor
              component={Link}
              to={`/business/applications/${d.renewalOf.id}/detail`}
              size="sm"
              mt={4}
              display="inline-block"
            >
              {t('detail.renewalOf', {
                no: f.digits(d.renewalOf.registrationNo ?? d.renewalOf.businessName),
              })}
            </Anchor>
          )}
          {d.openRenewalId != null && (
            <Anchor
              component={Link}
              to={`/business/applications/${d.openRenewalId}/detail`}
              size="sm"
              mt={4}
              display="block"
            >
              {t('detail.renewalInProgress')}
            </Anchor>
          )}
        </div>
        <Group gap="xs">
          {d.canEdit && (
            <Button variant="light" component={Link} to={`/edit-registration/${d.id}`}>
              {t('detail.edit')}
            </Button>
          )}
          {d.canRenew && (
            <Button color="teal" component={Link} to={`/re-new-registration/${d.id}`}>
              {t('detail.renew')}
            </Button>
          )}
          {d.allowedActions.map((a) => (
            <Button
              key={a}
              color={ACTION_COLOR[a]}
              variant={a === 'cancel' ? 'default' : 'filled'}
              onClick={() => start(a)}
            >
              {t(a === 'pay' ? 'actions.manualPayment' : `actions.${a}`)}
            </Button>
          ))}
          <SendNotificationButton applicationId={d.id} />
          {cert && (
            <>
              <Button
                variant="light"
                loading={downloading}
                onClick={() => {
                  setDownloading(true);
                  downloadCertificate(d.id, cert.registrationNo)
                    .catch(() => undefined)
                    .finally(() => setDownloading(false));
                }}
              >
                {t('certificate.download')}
              </Button>
              <Button variant="subtle" component={Link} to={`/business/certificate/${d.id}`}>
                {t('certificate.view')}
              </Button>
              <RevokeCertificateButton certificateId={cert.id} revoked={cert.revoked} />
            </>
          )}
          {renewed?.registrationNo && (
            <>
              <Button
                variant="light"
                loading={downloading}
                onClick={() => {
                  setDownloading(true);
                  downloadCertificate(renewed.id, renewed.registrationNo ?? '')
                    .catch(() => undefined)
                    .finally(() => setDownloading(false));
                }}
              >
                {t('certificate.download')}
              </Button>
              <Button variant="subtle" component={Link} to={`/business/certificate/${renewed.id}`}>
                {t('certificate.view')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <PayOnline detail={d} />
      {cert?.revoked && (
        <Alert color="red" mb="md">
          {t('certificate.revoked')}
        </Alert>
      )}

      <Tabs defaultValue="information" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="information">{t('detail.tabs.information')}</Tabs.Tab>
          <Tabs.Tab value="history">
            {t('detail.tabs.history')} ({f.num(d.history.length)})
          </Tabs.Tab>
          <Tabs.Tab value="images">
            {t('detail.tabs.images')} ({f.num(d.documents.length)})
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="information">
          <InformationTab d={d} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryTab d={d} />
        </Tabs.Panel>
        <Tabs.Panel value="images">
          <ImagesTab d={d} />
        </Tabs.Panel>
      </Tabs>

      <ActionDialog id={d.id} action={action} onClose={() => setAction(null)} />
      {paying && <PaymentDialog detail={d} opened onClose={() => setPaying(false)} />}
    </>
  );
}

export default function ApplicationDetailPage() {
  const { id } = useParams();
  return (
    <RequirePermission perms={['view-applications']}>
      <Detail id={Number(id)} />
    </RequirePermission>
  );
}
