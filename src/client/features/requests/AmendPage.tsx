/**
 * Amend a registration (issue 19 §1, संशोधन): the registration's amendable sections filled in
 * as they are now — capital (capital growth), business name and type, owners (single ↔
 * several, at most 4), ward and location (a ward transfer), rent — built from the application
 * form's sections and field kit, checked with the shared amendment schema on the exact body
 * (amendmentModel.ts). The amendment fee is assessed when the office verifies the request (the
 * request's page shows it then). POST /api/applications/{id}/amendment, JSON.
 */
import { Alert, Button, Group, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { tMessage } from '../../lib/i18n';
import { useFormat } from '../../lib/useFormat';
import { useAllOptions } from '../../lib/useOptions';
import {
  CapitalSection,
  emptyOwner,
  makeFormKit,
  OwnersSection,
  RentSection,
  Section,
  SingleOwnerSection,
  type ApplicationFormValues,
  type Kind,
} from '../apply';
import {
  kindOf,
  type ApplicationDetail,
  type BusinessTypeOption,
  type WardOption,
} from '../registrations';
import { amendmentResolver, amendmentValues, amendmentWire } from './amendmentModel';
import { RequestFrame } from './RequestFrame';
import { useSubmitRequest } from './submitRequest';

interface Lists {
  businessTypes: BusinessTypeOption[];
  wards: WardOption[];
}

export function AmendmentForm({ d, lists }: { d: ApplicationDetail; lists: Lists }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [initial] = useState(() => ({ values: amendmentValues(d), kind: kindOf(d) }));
  const [kind, setKind] = useState<Kind>(initial.kind);
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const [resolver] = useState(() => amendmentResolver(() => kindRef.current, initial));
  const form = useForm<ApplicationFormValues>({ resolver, defaultValues: initial.values });
  const owners = useFieldArray({ control: form.control, name: 'owners' });
  const [remarks, setRemarks] = useState('');
  const { submit, saving, refusal } = useSubmitRequest(d.id, 'amendment');
  const { errors } = form.formState;
  const kit = makeFormKit({ t, f, form, errors });
  const formError = (errors as Record<string, { message?: string } | undefined>).form?.message;
  // "nothing changed" is about the whole form: any change clears it
  useEffect(() => {
    const sub = form.watch(() => {
      if ((form.formState.errors as Record<string, unknown>).form) {
        form.clearErrors('form' as FieldPath<ApplicationFormValues>);
      }
    });
    return () => sub.unsubscribe();
  }, [form]);

  function switchKind(several: boolean) {
    if (several) {
      const v = form.getValues();
      owners.replace([
        { ...emptyOwner(), name: v.ownerName, fatherOrHusbandName: v.fatherOrHusbandName },
        emptyOwner(),
      ]);
    } else {
      const first = form.getValues('owners')[0];
      if (first) {
        form.setValue('ownerName', first.name);
        form.setValue('fatherOrHusbandName', first.fatherOrHusbandName);
      }
      owners.replace([]);
    }
    form.clearErrors();
    setKind(several ? 'multiple' : 'single');
  }

  const onSubmit = form.handleSubmit(async (values) => {
    const server = await submit(amendmentWire(values, kind, remarks));
    for (const [k, msgs] of Object.entries(server)) {
      if (k !== 'form' && msgs[0]) {
        form.setError(k as FieldPath<ApplicationFormValues>, { message: msgs[0] });
      }
    }
  });

  return (
    <form noValidate aria-label={t('requests.amendPage.title')} onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="md">
        <CapitalSection kit={kit} />
        <Section title={t('form.sections.business')}>
          <TextInput {...kit.text('businessName', { required: true })} />
          <NativeSelect
            {...kit.text('businessTypeId', { required: true })}
            data={kit.options(lists.businessTypes)}
          />
        </Section>
        <Section
          title={t('form.sections.owners')}
          aside={
            <Switch
              name="several"
              label={t('requests.several')}
              checked={kind === 'multiple'}
              onChange={(e) => switchKind(e.currentTarget.checked)}
            />
          }
        />
        {kind === 'multiple' ? (
          <OwnersSection kit={kit} owners={owners} />
        ) : (
          <SingleOwnerSection kit={kit} />
        )}
        <Section title={t('form.sections.location')}>
          <NativeSelect
            {...kit.text('wardId', { required: true })}
            data={[
              kit.choose,
              ...lists.wards.map((w) => ({
                value: String(w.id),
                label: `${f.num(w.number)} — ${f.name(w)}`,
              })),
            ]}
          />
          <TextInput {...kit.text('locAddress', { required: true })} />
          <TextInput {...kit.text('locTole')} />
        </Section>
        <RentSection kit={kit} hasRent={form.watch('hasRent')} />
        <GrowingTextarea
          name="remarks"
          label={t('requests.remarks')}
          minRows={2}
          maxLength={1000}
          value={remarks}
          onChange={(e) => setRemarks(e.currentTarget.value)}
        />
        <Alert color="gray" variant="light">
          {t('requests.amendPage.fee')}
        </Alert>
        {(formError || refusal) && (
          <Alert color="orange" role="alert" data-testid="form-error">
            {formError ? tMessage(formError) : refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={`/business/applications/${d.id}/detail`}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="teal" loading={saving}>
            {t('requests.amendPage.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The form once the dropdown lists are in (a pre-filled select needs its options). */
function WithLists({ d }: { d: ApplicationDetail }) {
  const businessTypes = useAllOptions<BusinessTypeOption>('business-types');
  const wards = useAllOptions<WardOption>('wards');
  if (!businessTypes.data || !wards.data) return <PageLoader />;
  return <AmendmentForm d={d} lists={{ businessTypes: businessTypes.data, wards: wards.data }} />;
}

export default function AmendPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <RequestFrame
      id={id}
      service="amendment"
      title={t('requests.amendPage.title')}
      intro={t('requests.amendPage.intro')}
    >
      {(d) => <WithLists d={d} />}
    </RequestFrame>
  );
}
