/** The calendar screen's API calls: the listing (shared with start-up) and the corrections. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarCorrectionInput, CalendarView } from '../../../shared/schemas/calendar.js';
import { request, type Envelope } from '../../lib/api';
import { applyCalendar, CALENDAR_KEY, CALENDAR_QUERY } from '../../lib/calendar';

/** GET /api/calendar: every year as conversions use it (corrections applied on arrival). */
export function useCalendar() {
  return useQuery(CALENDAR_QUERY);
}

/**
 * PUT /api/calendar/{year} (`json`) or DELETE (`null`). The answer is the whole calendar: it
 * replaces the cached one and is applied at once, so this browser converts with it too.
 */
export function useChangeCorrection(year: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (json: CalendarCorrectionInput | null) =>
      request<Envelope<CalendarView>>(
        `/calendar/${year}`,
        json ? { method: 'PUT', json } : { method: 'DELETE' },
      ),
    onSuccess: (res) => {
      applyCalendar(res.data);
      qc.setQueryData(CALENDAR_KEY, res.data);
    },
  });
}
