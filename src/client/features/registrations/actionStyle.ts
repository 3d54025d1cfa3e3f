/**
 * How the detail's action bar draws each lifecycle action (SPEC §5): its colour, and which
 * actions end an application or a registration for good. Apart from ActionDialog.tsx, whose
 * code is loaded only when a dialog is opened (components/lazyDialog.tsx, issue 18 §5).
 */
import type { AppAction } from '../../../shared/lifecycle.js';

/** The lifecycle actions that take remarks in ActionDialog; 'pay' has its own dialog. */
export type RemarksAction = Exclude<AppAction, 'pay'>;

/** Actions that end an application or a registration for good: the dialog says what happens. */
export const DESTRUCTIVE: RemarksAction[] = ['cancel', 'terminate'];

/** Mantine colour of each action's button and confirmation. */
export const ACTION_COLOR: Record<AppAction, string> = {
  verify: 'blue',
  pay: 'cyan',
  approve: 'green',
  reject: 'red',
  resubmit: 'indigo',
  cancel: 'gray',
  terminate: 'red',
  accept: 'teal',
};
