import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from '@portfolio/shared/router';
import {
  createArticle,
  createProject,
  deleteArticle,
  deleteProject,
  getArticle,
  getArticlePage,
  getContactMessagePage,
  getMediaPage,
  getModerationPage,
  getProject,
  getProjects,
  getSubscriberPage,
  getTags,
  setArticlePublication,
  setProjectPublication,
  updateArticle,
  updateProject,
} from '@portfolio/shared/api-client';
import type { Article, Project } from '@portfolio/shared/types';
import { useAuth } from '@portfolio/shared/auth';
import { Spinner } from '@portfolio/shared/ui';
import { AdminTabs } from '../../features/admin/AdminTabs';
import type { AdminTab } from '../../features/admin/AdminTabs';
import { ArticleEditor } from '../../features/admin/ArticleEditor';
import {
  ARTICLE_LOADING,
  ARTICLE_LOAD_ERROR,
  ARTICLE_PAGES_LABEL,
  PROJECT_PAGES_LABEL,
  SEARCH_ARTICLES_LABEL,
  SEARCH_PROJECTS_LABEL,
} from '../../features/admin/admin-texts';
import { ContentManager } from '../../features/admin/ContentManager';
import type { AdminReadOptions, ListSource } from '../../features/admin/list-page';
import { InsightsPanel } from '../../features/admin/InsightsPanel';
import { TAB_INSIGHTS } from '../../features/admin/insights-texts';
import { MediaPanel } from '../../features/admin/MediaPanel';
import { TAB_MEDIA } from '../../features/admin/media-texts';
import { MessagesPanel } from '../../features/admin/MessagesPanel';
import { CommentsPanel } from '../../features/admin/CommentsPanel';
import { commentsTabLabel } from '../../features/admin/comments-texts';
import { SendNewsletter } from '../../features/admin/SendNewsletter';
import { SubscribersPanel } from '../../features/admin/SubscribersPanel';
import { subscribersTabLabel } from '../../features/admin/newsletter-texts';
import { SettingsPanel } from '../../features/admin/SettingsPanel';
import { TAB_SETTINGS } from '../../features/admin/settings-texts';
import { messagesTabLabel } from '../../features/admin/admin-texts';
import { confirmLeave } from '../../features/admin/unsaved-work';
import { useAdminToken } from '../../features/admin/use-admin-token';
import { ProjectEditor } from '../../features/admin/ProjectEditor';
import { SignedInOnly } from '../../features/session/SignedInOnly';
import type { PageHead } from '@portfolio/shared/head';
import { PERSONAL_PAGE_HEAD } from '../../features/session/head';
import { sessionGate } from '../../features/session/session-gate';
import { useDocumentTitle } from '../../features/session/use-document-title';
import {
  ADMIN_DASHBOARD_TITLE,
  ADMIN_SECTIONS_LABEL,
  ARTICLES_LOAD_ERROR,
  ARTICLE_DELETED,
  ARTICLE_SAVED,
  NEW_ARTICLE_LABEL,
  NEW_PROJECT_LABEL,
  NOT_ALLOWED_TEXT,
  NOT_ALLOWED_TITLE,
  NO_ARTICLES,
  NO_PROJECTS,
  PROJECTS_LOAD_ERROR,
  PROJECT_DELETED,
  PROJECT_SAVED,
  TAB_ARTICLES,
  TAB_MESSAGES,
  TAB_PROJECTS,
  USER_DASHBOARD_LINK,
  USER_DASHBOARD_ROUTE,
} from '../../texts';
import styles from './AdminDashboardPage.module.css';

// Module-level, so the list sources are stable across renders. Drafts included (an admin's
// token). The articles come a page at a time, filtered by the API (docs/decisions/131, 132); the
// projects, few, are loaded whole and paged in the browser the same way.
const PROJECTS: ListSource<Project> = {
  paging: 'client',
  loadAll: (options) => getProjects(options),
};
const ARTICLES: ListSource<Article> = {
  paging: 'api',
  loadPage: ({ offset, limit, query, state, tag }, options) =>
    getArticlePage({ offset, limit, query, ...(state && { state }), ...(tag && { tag }) }, options),
  loadTags: (options) => getTags(options),
};
/** A project's cover, when it is a stored image, so deleting the project can offer it (ADR 142). */
const projectImages = async (id: string, options: { token: string }) => {
  const { imagePath } = await getProject(id, { ...options, includeDrafts: true });
  const name = imagePath.startsWith('/images/') ? imagePath.slice('/images/'.length) : '';
  if (!name) return [];
  const { items } = await getMediaPage({ limit: 100, query: name }, options);
  return items.filter((item) => item.name === name);
};
/** The images an article shows (at most 100), so deleting it can offer theirs (ADR 142). */
const articleImages = async (id: string, options: { token: string }) =>
  (await getMediaPage({ limit: 100, article: id }, options)).items;
/** An article's whole text, read when its editor opens. */
const loadArticle = (id: string, options: AdminReadOptions) => getArticle(id, options);
// Where each item's page is, for its View or Preview link (docs/decisions/122, 132).
const projectPath = ({ _id }: { _id: string }) => `/projects/${encodeURIComponent(_id)}`;
const articlePath = ({ _id, slug }: { _id: string; slug?: string }) =>
  `/article/${encodeURIComponent(slug ?? _id)}`;

const PROJECTS_TAB: AdminTab = {
  key: 'projects',
  label: TAB_PROJECTS,
  render: () => (
    <ContentManager
      texts={{
        heading: TAB_PROJECTS,
        newLabel: NEW_PROJECT_LABEL,
        empty: NO_PROJECTS,
        loadError: PROJECTS_LOAD_ERROR,
        saved: PROJECT_SAVED,
        deleted: PROJECT_DELETED,
        search: SEARCH_PROJECTS_LABEL,
        pages: PROJECT_PAGES_LABEL,
        kind: 'project',
      }}
      source={PROJECTS}
      create={createProject}
      update={updateProject}
      setPublication={setProjectPublication}
      remove={deleteProject}
      imagesOf={projectImages}
      pathOf={projectPath}
      Editor={ProjectEditor}
    />
  ),
};

/**
 * The articles, each published one sent as a newsletter on demand (docs/decisions/206): the
 * question says to how many confirmed subscribers, when that is known.
 */
const articlesTab = (confirmedSubscribers: number | null): AdminTab => ({
  key: 'articles',
  label: TAB_ARTICLES,
  render: () => (
    <ContentManager
      texts={{
        heading: TAB_ARTICLES,
        newLabel: NEW_ARTICLE_LABEL,
        empty: NO_ARTICLES,
        loadError: ARTICLES_LOAD_ERROR,
        saved: ARTICLE_SAVED,
        deleted: ARTICLE_DELETED,
        search: SEARCH_ARTICLES_LABEL,
        pages: ARTICLE_PAGES_LABEL,
        kind: 'article',
        itemLoading: ARTICLE_LOADING,
        itemLoadError: ARTICLE_LOAD_ERROR,
      }}
      source={ARTICLES}
      loadOne={loadArticle}
      create={createArticle}
      update={updateArticle}
      setPublication={setArticlePublication}
      remove={deleteArticle}
      imagesOf={articleImages}
      pathOf={articlePath}
      moreActions={(article, publication, notify) => (
        // A draft or a scheduled article goes out when it is published.
        <SendNewsletter
          article={article}
          published={publication.kind === 'published'}
          confirmed={confirmedSubscribers}
          onSent={notify}
        />
      )}
      Editor={ArticleEditor}
    />
  ),
});

const MEDIA_TAB: AdminTab = { key: 'media', label: TAB_MEDIA, render: () => <MediaPanel /> };

/** On the site's server: a redirect to /signin without a session, a 403 for a non-admin. */
export const loader = sessionGate({ role: 'admin' });

/** The server's title (the not-allowed page's for a non-admin, whom the server answers 403). */
export const head: PageHead<typeof loader> = ({ data }) => ({
  ...PERSONAL_PAGE_HEAD,
  title: data?.status === 'forbidden' ? NOT_ALLOWED_TITLE : ADMIN_DASHBOARD_TITLE,
});

export default function AdminDashboardPage() {
  return <SignedInOnly>{() => <AdminGate />}</SignedInOnly>;
}

/** Role admin only. The API enforces the role on every call; this page only reflects it. */
function AdminGate() {
  const { role, loading } = useAuth();
  // Until the SDK confirms the session, the role is a guess: wait rather than flash "not allowed".
  if (loading) return <Spinner />;
  if (role !== 'admin') return <NotAllowed />;
  return <AdminDashboard />;
}

function NotAllowed() {
  useDocumentTitle(NOT_ALLOWED_TITLE);
  return (
    <section className={styles.page}>
      <h1>{NOT_ALLOWED_TITLE}</h1>
      <p>{NOT_ALLOWED_TEXT}</p>
      <Link to={USER_DASHBOARD_ROUTE}>{USER_DASHBOARD_LINK}</Link>
    </section>
  );
}

/**
 * A count a tab's name shows (messages unread, comments pending, subscribers confirmed): asked
 * once when the dashboard opens, then told by the tab's panel as it changes them. Null while
 * unknown (or when the API cannot say): the tab keeps its plain name, and its panel says why when
 * it is opened.
 */
function useTabCount(ask: (options: { token: string }) => Promise<number | null>) {
  const getToken = useAdminToken();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let active = true;
    void (async () => {
      try {
        const asked = await ask({ token: await getToken() });
        if (active) setCount(asked);
      } catch {
        // Unknown: the plain name.
      }
    })();
    return () => {
      active = false;
    };
  }, [getToken, ask]);
  return [count, setCount] as const;
}

const askUnreadMessages = async (options: { token: string }) =>
  (await getContactMessagePage({ limit: 1 }, options)).unread;
const askPendingComments = async (options: { token: string }) =>
  (await getModerationPage({ limit: 1, status: 'pending' }, options)).pending;
const askConfirmedSubscribers = async (options: { token: string }) =>
  (await getSubscriberPage({ limit: 1 }, options)).confirmed;

function AdminDashboard() {
  useDocumentTitle(ADMIN_DASHBOARD_TITLE);
  // The tab is in the URL (?tab=articles), so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const selected = params.get('tab') ?? 'projects';
  const [unread, setUnread] = useTabCount(askUnreadMessages);
  const [pendingComments, setPendingComments] = useTabCount(askPendingComments);
  const [subscribers, setSubscribers] = useTabCount(askConfirmedSubscribers);
  const tabs = useMemo(
    () => [
      PROJECTS_TAB,
      articlesTab(subscribers),
      MEDIA_TAB,
      {
        key: 'messages',
        // "Messages (3 unread)": a message does not sit unseen behind another tab.
        label: messagesTabLabel(TAB_MESSAGES, unread),
        render: () => <MessagesPanel onUnread={setUnread} />,
      },
      // Members' comments, the pending first (docs/decisions/200).
      {
        key: 'comments',
        label: commentsTabLabel(pendingComments),
        render: () => <CommentsPanel onPending={setPendingComments} />,
      },
      // The newsletter's addresses and what was sent to them (docs/decisions/206).
      {
        key: 'subscribers',
        label: subscribersTabLabel(subscribers),
        render: () => <SubscribersPanel onConfirmed={setSubscribers} />,
      },
      // Who reads the site, counted without tracking anyone (docs/decisions/180).
      { key: 'insights', label: TAB_INSIGHTS, render: () => <InsightsPanel /> },
      // The site's settings (docs/decisions/141).
      { key: 'settings', label: TAB_SETTINGS, render: () => <SettingsPanel /> },
    ],
    [unread, setUnread, pendingComments, setPendingComments, subscribers, setSubscribers],
  );
  return (
    <section className={styles.page}>
      <h1>{ADMIN_DASHBOARD_TITLE}</h1>
      <AdminTabs
        label={ADMIN_SECTIONS_LABEL}
        tabs={tabs}
        selected={selected}
        onSelect={(key) => {
          // Another tab closes the open editor: its unsaved work asks first.
          if (key !== selected && !confirmLeave()) return;
          setParams({ tab: key }, { replace: true });
        }}
      />
    </section>
  );
}
