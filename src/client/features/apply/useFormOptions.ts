/**
 * The application form's dropdown lists from the API (SPEC §3): business types, and the
 * permanent address's province → district → municipality cascade (each list filtered by the
 * one chosen before it), and the palika's wards.
 */
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useAllOptions } from '../../lib/useOptions';
import type {
  BusinessTypeOption,
  CityOption,
  DistrictOption,
  StateOption,
  WardOption,
} from '../registrations';
import { SELECT_FIELDS, type ApplicationFormValues } from './formModel';
import type { Step } from './steps';

/**
 * A list on its first download's first try: one that failed is retried in the background
 * while the form draws without it, so a slow or failing server does not hold the form back.
 */
export const firstTry = (q: { isLoading: boolean; failureCount: number }) =>
  q.isLoading && q.failureCount === 0;

/** The lists of the form, as the form's values now choose them. */
export function useFormOptions(
  { watch, getValues, setValue }: UseFormReturn<ApplicationFormValues>,
  step: Step,
) {
  const stateId = Number(watch('permStateId')) || 0;
  const districtId = Number(watch('permDistrictId')) || 0;
  const cityId = Number(watch('permCityId')) || 0;

  const businessTypes = useAllOptions<BusinessTypeOption>('business-types');
  const states = useAllOptions<StateOption>('states');
  const districts = useAllOptions<DistrictOption>('districts', { stateId }, stateId > 0);
  const cities = useAllOptions<CityOption>('cities', { districtId }, districtId > 0);
  const wards = useAllOptions<WardOption>('wards');

  // A pre-filled (edited) select keeps its value once its options arrive from the server.
  useEffect(() => {
    for (const k of SELECT_FIELDS) {
      const v = getValues(k);
      if (v) setValue(k, v);
    }
  }, [
    businessTypes.data,
    states.data,
    districts.data,
    cities.data,
    wards.data,
    step,
    getValues,
    setValue,
  ]);

  return {
    /**
     * A list is still on its first download (not when it is not asked for yet, paused offline or
     * failed: the form then draws without it, as before). The form draws its fields after this,
     * once: each list that arrived after them re-rendered the whole form synchronously
     * (react-query answers through useSyncExternalStore, which React cannot time-slice), four
     * long tasks of a step's first load on a phone (issue 18 §5).
     */
    loading: [businessTypes, states, districts, cities, wards].some(firstTry),
    stateId,
    districtId,
    city: cities.data?.find((c) => c.id === cityId),
    businessTypes: businessTypes.data,
    states: states.data,
    districts: districts.data,
    cities: cities.data,
    wards: wards.data,
  };
}

export type FormOptions = ReturnType<typeof useFormOptions>;
