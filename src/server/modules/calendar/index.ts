/**
 * Calendar module: administrators' corrections of provisional BS years (service.ts) and their
 * routes (routes.ts, registered by app.ts). It owns `bs_calendar_corrections`.
 */
export { applyCorrections, CalendarService, type CalendarActor } from './service.js';
