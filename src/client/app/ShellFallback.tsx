/**
 * What a signed-in screen shows while its code (and, without a stored user, the profile) loads:
 * the outline of the app shell — the header with the app's name — and the page's title, drawn
 * from the entry chunk alone, so the title is on screen before the page's code has arrived
 * (issue 8 §2: on a slow link that code is ~250 KB after the first ~250 KB). It takes the
 * place of the spinner only; the real shell (components/AppLayout.tsx) replaces it whole, with
 * the title at the same place (app/global.css `.darta-shell-*`, matching AppShell's offsets).
 * Uses only components whose styles are in the first-load CSS (main.tsx). Before any script
 * has run, index.html draws the same outline without React (staticShell.ts). An applicant's home
 * also shows its welcome and "register a business" panel (staticShell.ts START_KEYS); an
 * application's detail, the link back to the list and, once the outline script's answer is in,
 * the business name (lib/earlyDetail.ts), so the name drawn before React does not disappear.
 */
import { Box, Center, Loader, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DETAIL_BACK_PATH, detailIdOf } from '../lib/detailPath';
import { useEarlyBusinessName } from '../lib/earlyDetail';
import { getStoredUser } from '../lib/session';
import { HOME_TITLE, shellTitleKey } from './shellTitles';
import { START_KEYS, START_PATH, START_PERMISSION } from './staticShell';
import { Arrow } from '../components/Arrow';

export function ShellFallback() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const user = getStoredUser();
  const titleKey = shellTitleKey(pathname, user?.userType);
  const detail = detailIdOf(pathname) !== null;
  const businessName = useEarlyBusinessName(pathname, i18n.language);
  return (
    <>
      <Box component="header" className="darta-shell-header" px="sm">
        {/* Where the burger is on a phone, so the name does not move when the shell arrives. */}
        <Box className="darta-shell-burger" hiddenFrom="sm" />
        <Text component="span" fw={700} fz="xl" c="indigo.8">
          {t('app.name')}
        </Text>
      </Box>
      <Box component="main" className="darta-shell-main">
        {titleKey && (
          <Title order={2} mb="md" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {t(titleKey)}
          </Title>
        )}
        {detail && (
          <>
            {/* Plain markup: the router is not drawn yet; the page replaces it at once. */}
            <a className="darta-static-back" href={DETAIL_BACK_PATH}>
              <Arrow to="back" /> {t('detail.backToList')}
            </a>
            {/* The name's line is kept until the name comes, as in staticShell.ts. */}
            {businessName === undefined ? (
              <div className="darta-static-title darta-static-detail-title" aria-hidden>
                {'\u00a0'}
              </div>
            ) : (
              <h2 className="darta-static-title darta-static-detail-title" translate="no">
                {businessName}
              </h2>
            )}
          </>
        )}
        {titleKey === HOME_TITLE && user && (
          <>
            <p className="darta-static-welcome">{t(START_KEYS.welcome, { name: user.name })}</p>
            {user.permissions?.includes(START_PERMISSION) && (
              <div className="darta-static-start">
                <h3 className="darta-static-start-title">{t(START_KEYS.title)}</h3>
                <p className="darta-static-start-text">{t(START_KEYS.text)}</p>
                {/* A plain link: the router is not drawn yet; the page replaces it at once. */}
                <a className="darta-static-start-button" href={START_PATH}>
                  <span>{t(START_KEYS.button)}</span>
                  <Arrow />
                </a>
              </div>
            )}
          </>
        )}
        <Center mih={200} p="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      </Box>
    </>
  );
}
