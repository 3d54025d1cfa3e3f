/**
 * The signed-in app shell: header (app name, language switch, user menu) and a navbar that
 * lists only the pages the user may use; on phones the navbar collapses behind a burger.
 */
import {
  Anchor,
  AppShell,
  Avatar,
  Burger,
  Group,
  Menu,
  NavLink,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery, useNetwork } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { hasAnyPermission } from '../../shared/permissions.js';
// By file, not through the features' index.ts (which the router and the features use): the
// bell through its index would bring the feature's other exports into the shell's chunk, which
// every signed-in screen loads first; and with resources/index.ts imported here as well as by
// App.tsx, the bundler moves lib/auth.ts out of the login screen's chunk into a chunk of its own
// (one more request on the first load).
import { NotificationBell } from '../features/notifications/NotificationBell';
import { canOpen, RESOURCE_ROUTES, type NavGroup } from '../features/resources/routes';
import { useCurrentUser, useLogout } from '../lib/auth';
import { LanguageSwitch } from './LanguageSwitch';
import { LazyMenu } from './LazyMenu';
import { useOnceTrue } from '../lib/useOnceTrue';
import { PageLoader } from './PageLoader';

/** Height of the offline strip under the header, px. */
const OFFLINE_STRIP = 32;

interface NavItem {
  to: string;
  label: string;
  /** Any of these permissions; undefined = every signed-in user. */
  perms?: string[];
  /** Paths (prefixes) that also mark this item active. */
  match?: string[];
}

export function AppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const network = useNetwork();
  // On a phone the menu is off-screen until the burger opens it: its ~10–30 links are drawn the
  // first time it opens, not with every screen's first load, where they were render, commit and
  // layout work that the reader cannot see (issue 18 §5). Below Mantine's `sm` (48em), as the
  // navbar's own breakpoint; read at the first render, so a desktop draws the menu at once.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const menuDrawn = useOnceTrue(opened);
  const drawMenu = !phone || menuDrawn;

  const items: NavItem[] = [
    // An applicant's /dashboard is their home (issue 17 §1; app/App.tsx).
    { to: '/dashboard', label: t(user.userType === 'user' ? 'home.nav' : 'nav.dashboard') },
    {
      to: '/business/applications',
      label: t('nav.applications'),
      perms: ['view-applications'],
      match: ['/business/'],
    },
    {
      to: '/renewRegistrationList',
      label: t('nav.renewals'),
      perms: ['renew-applications', 'view-applications'],
      match: ['/re-new-registration/'],
    },
    {
      to: '/apply-new',
      label: t('nav.applyNew'),
      perms: ['create-applications'],
      match: ['/single_registration', '/multiple_registration'],
    },
    // Filing for a walk-in applicant (issue 19 §4).
    { to: '/counter', label: t('counter.title'), perms: ['file-at-counter'] },
    {
      to: '/notifications/outbox',
      label: t('notifications.outboxTitle'),
      perms: ['send-notifications', 'view-notifications'],
    },
    { to: '/payments', label: t('payments.nav'), perms: ['view-payments'] },
    // Money received that could not be credited, to pay back (issue 15).
    {
      to: '/payments/refunds',
      label: t('refunds.nav'),
      perms: ['record-payments', 'view-payments'],
    },
    // receipts, collection and applications by age (issue 19 §7)
    { to: '/reports', label: t('reports.nav'), perms: ['view-payments'] },
  ];
  const visible = items.filter((i) => !i.perms || hasAnyPermission(user.permissions, i.perms));
  const matches = (i: NavItem) =>
    location.pathname === i.to ||
    location.pathname.startsWith(`${i.to}/`) ||
    (i.match ?? []).some((m) => location.pathname.startsWith(m));
  // The item of the page: of two that match (/payments and /payments/refunds), the longer.
  const isActive = (i: NavItem) =>
    matches(i) &&
    !visible.some((o) => o.to.length > i.to.length && o.to.startsWith(i.to) && matches(o));
  // Setup screens: shown only to users who may open them.
  const setup = (group: NavGroup): NavItem[] =>
    RESOURCE_ROUTES.filter((r) => r.group === group && canOpen(user.permissions, r)).map((r) => ({
      to: r.path,
      label: t(r.label),
    }));
  const groups: { key: string; label: string; items: NavItem[] }[] = [
    {
      key: 'settings',
      label: t('nav.settings'),
      items: [
        ...setup('settings'),
        // the BS calendar's corrections (issue 16 §6), for those who may correct it
        ...(hasAnyPermission(user.permissions, ['edit-fiscal-years'])
          ? [{ to: '/settings/calendar', label: t('calendar.nav') }]
          : []),
        // the palika's name, emblem, office, fees and renewal window (issue 17 §6)
        ...(hasAnyPermission(user.permissions, ['edit-settings'])
          ? [{ to: '/settings/palika', label: t('settings.nav') }]
          : []),
      ],
    },
    {
      key: 'access',
      label: t('nav.accessControl'),
      // the audit log is for system admins by role (GET /api/audit-log), not by permission
      items: [
        ...setup('access'),
        ...(user.roles.includes('systemadmin')
          ? [{ to: '/audit-log', label: t('audit.nav') }]
          : []),
      ],
    },
  ].filter((g) => g.items.length > 0);
  const top = [
    ...visible,
    ...setup('main'),
    { to: '/profile', label: t('nav.profile') },
    // The public manual (issue 7 §5): it opens outside this shell, with its own way back.
    { to: '/manual', label: t('manual.nav') },
  ];
  const link = (i: NavItem) => (
    <NavLink
      key={i.to}
      component={Link}
      to={i.to}
      label={i.label}
      active={isActive(i)}
      onClick={close}
    />
  );

  return (
    <AppShell
      // Offline, a strip under the header says so on every page (issue 7 §6); it is part of
      // the fixed header because the page body cannot hold a sticky bar (overflow-x: hidden).
      header={{ height: network.online ? 56 : 56 + OFFLINE_STRIP }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h={56} px="sm" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.menu')}
            />
            <Anchor
              component={Link}
              to="/dashboard"
              fw={700}
              fz="xl"
              c="indigo.8"
              underline="never"
            >
              {t('app.name')}
            </Anchor>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <NotificationBell />
            {/* Committed after the screen (LazyMenu: no state set in every screen's first commit). */}
            <LazyMenu
              position="bottom-end"
              withinPortal
              target={
                // Named by its content (axe label-content-name-mismatch): the user's name where
                // it shows, and "User menu" for screen readers; the initial is decor.
                <UnstyledButton>
                  <Group gap={6} wrap="nowrap">
                    <Avatar size={30} radius="xl" color="indigo" aria-hidden translate="no">
                      {user.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                    <Text size="sm" visibleFrom="sm" maw={140} truncate translate="no">
                      {user.name}
                    </Text>
                    <VisuallyHidden>{t('nav.userMenu')}</VisuallyHidden>
                  </Group>
                </UnstyledButton>
              }
            >
              <Menu.Dropdown>
                <Menu.Label translate="no">{user.username}</Menu.Label>
                <Menu.Item component={Link} to="/profile">
                  {t('nav.profile')}
                </Menu.Item>
                <Menu.Item color="red" onClick={() => void logout()}>
                  {t('nav.logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </LazyMenu>
          </Group>
        </Group>
        {!network.online && (
          <Text
            role="status"
            size="sm"
            fw={500}
            h={OFFLINE_STRIP}
            lh={`${OFFLINE_STRIP}px`}
            px="sm"
            ta="center"
            bg="orange.1"
            c="orange.9"
            truncate="end"
          >
            {t('offline.banner')}
          </Text>
        )}
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label={t('nav.main')}>
        {/* The browser's own scrolling, not Mantine's ScrollArea: that measures itself and sets
            state as it mounts, a synchronous re-render of the menu on every screen's first
            load (issue 18 §5). */}
        <AppShell.Section grow style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
          {drawMenu && top.map(link)}
          {(drawMenu ? groups : []).map((g) => (
            <NavLink
              key={g.key}
              label={g.label}
              component="button"
              defaultOpened={g.items.some(isActive)}
              childrenOffset="sm"
            >
              {g.items.map(link)}
            </NavLink>
          ))}
        </AppShell.Section>
        {drawMenu && (
          <AppShell.Section>
            <NavLink component="button" label={t('nav.logout')} onClick={() => void logout()} />
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main style={{ minWidth: 0 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
