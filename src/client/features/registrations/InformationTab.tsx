/**
 * The information tab of the application detail: every field of the application by form
 * section, the bill (or the fee estimate while none is assessed) and the payments.
 */
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BsDate } from '../../components/BsDate';
import { data, InfoGrid } from '../../components/InfoGrid';
import { useFormat } from '../../lib/useFormat';
import { BillTable, PayStatusBadge, QuoteView, ReceiptDownload } from '../billing';
import { kindOf } from './api';
import type { ApplicationDetail } from './types';

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

export function InformationTab({ d }: { d: ApplicationDetail }) {
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
