/**
 * The user manual (SPEC §1, issue 7 §5), public at `/manual` so it can be read before
 * signing in, and linked from the navbar once signed in. A table of contents, then one
 * section per topic (`/manual#apply`): a short intro, numbered steps and one or two
 * screenshots of the real screens in the chosen language (made by e2e/manual.spec.ts).
 *
 * Button and menu names inside the texts are not retyped: the catalogue nests the app's own
 * labels (`$t(actions.verify)`), so a renamed button renames the manual too. `<b>…</b>` marks
 * them in bold. Pictures load lazily with their size given, so a weak connection only fetches
 * what is scrolled to and the text does not jump.
 */
import {
  Anchor,
  Box,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { getToken } from '../../lib/session';
import {
  MANUAL_IMAGE,
  MANUAL_TOPICS,
  manualImageSrc,
  type Audience,
  type ManualTopic,
} from './topics';

const AUDIENCES: Audience[] = ['applicant', 'staff'];
const BOLD = { b: <strong /> };

/** A catalogue text with nested labels and `<b>` marks. */
function Rich({ k }: { k: string }) {
  const { t } = useTranslation();
  return <Trans t={t} i18nKey={k} components={BOLD} />;
}

function TopicSection({ topic }: { topic: ManualTopic }) {
  const { t, i18n } = useTranslation();
  const key = `manual.topics.${topic.id}`;
  return (
    <Paper
      component="section"
      id={topic.id}
      aria-labelledby={`${topic.id}-title`}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      style={{ scrollMarginTop: 'var(--mantine-spacing-md)' }}
    >
      <Stack gap="sm">
        <Title order={3} id={`${topic.id}-title`}>
          {t(`${key}.title`)}
        </Title>
        <Text>
          <Rich k={`${key}.intro`} />
        </Text>
        {/* Step numbers in the language's digits, as every other number (१. २. …). */}
        <List
          type="ordered"
          spacing={6}
          withPadding
          listStyleType={i18n.language === 'ne' ? 'devanagari' : 'decimal'}
        >
          {topic.steps.map((s) => (
            <List.Item key={s}>
              <Rich k={`${key}.steps.${s}`} />
            </List.Item>
          ))}
        </List>
        {topic.images.map((img) => (
          <Box
            key={img}
            component="img"
            src={manualImageSrc(i18n.language, img)}
            alt={t(`${key}.alt.${img}`)}
            width={MANUAL_IMAGE.width}
            height={MANUAL_IMAGE.height}
            loading="lazy"
            decoding="async"
            style={{
              display: 'block',
              width: '100%',
              height: 'auto',
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          />
        ))}
        <Anchor href="#contents" size="sm">
          {t('manual.toContents')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

export default function ManualPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const signedIn = Boolean(getToken());

  // The page is lazy-loaded, so the browser's own jump to `#topic` happened before the
  // sections existed: jump once they are rendered.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [hash]);

  return (
    <Box bg="gray.0" mih="100vh">
      <Box
        component="header"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="md" py="xs">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor
              component={Link}
              to={signedIn ? '/dashboard' : '/user/login'}
              fw={700}
              fz="xl"
              c="indigo.8"
              underline="never"
            >
              {t('app.name')}
            </Anchor>
            <Group gap="sm" wrap="nowrap">
              <Anchor component={Link} to={signedIn ? '/dashboard' : '/user/login'} size="sm">
                {signedIn ? t('manual.toApp') : t('manual.toSignIn')}
              </Anchor>
              <LanguageSwitch />
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="md" py="md" component="main">
        <Stack gap="lg">
          <div>
            <Title order={1} c="indigo.8">
              {t('manual.title')}
            </Title>
            <Text c="dimmed" mt={4}>
              {t('manual.intro')}
            </Text>
          </div>
          <Paper
            component="nav"
            id="contents"
            aria-labelledby="contents-title"
            withBorder
            radius="md"
            p="md"
          >
            <Title order={2} size="h3" id="contents-title" mb="xs">
              {t('manual.contents')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {AUDIENCES.map((a) => (
                <div key={a}>
                  <Text fw={600} mb={4}>
                    {t(`manual.audience.${a}`)}
                  </Text>
                  <List spacing={4} size="sm">
                    {MANUAL_TOPICS.filter((x) => x.audience === a).map((x) => (
                      <List.Item key={x.id}>
                        <Anchor href={`#${x.id}`}>{t(`manual.topics.${x.id}.title`)}</Anchor>
                      </List.Item>
                    ))}
                  </List>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
          {AUDIENCES.map((a) => (
            <Stack key={a} gap="md" component="section" aria-labelledby={`audience-${a}`}>
              <Title order={2} id={`audience-${a}`}>
                {t(`manual.audience.${a}`)}
              </Title>
              {MANUAL_TOPICS.filter((x) => x.audience === a).map((x) => (
                <TopicSection key={x.id} topic={x} />
              ))}
            </Stack>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
