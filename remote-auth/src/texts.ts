// Texts of the auth remote, in one place so pages and tests use the same values. The texts
// listed in docs/product.md#accounts are kept word for word from the original site.

// --- Forms (username, email, password) ---
export const USERNAME_LABEL = 'Username';
export const EMAIL_LABEL = 'Email';
export const PASSWORD_LABEL = 'Password';

// --- /signup ---
export const SIGN_UP_TITLE = 'Sign Up';
export const SIGN_UP_SUBMIT = 'Sign Up';
/** Busy label. */
export const SIGN_UP_BUSY = 'Signing Up...';
export const SIGN_UP_INTRO = 'Create an account to follow new articles and e-books.';
export const HAVE_ACCOUNT_TEXT = 'Already have an account?';

// --- /signin ---
export const SIGN_IN_TITLE = 'Sign In';
export const SIGN_IN_SUBMIT = 'Sign In';
/** Busy label. */
export const SIGN_IN_BUSY = 'Signing In...';
export const GOOGLE_SIGN_IN_LABEL = 'Sign In with Google';
/** Busy label. */
export const GOOGLE_SIGN_IN_BUSY = 'Signing In with Google...';
export const OR_SEPARATOR = 'or';
export const NO_ACCOUNT_TEXT = 'New here?';
export const CREDENTIALS_REQUIRED = 'Please enter your username, email and password.';
export const FORGOT_PASSWORD_LINK = 'Forgot password?';

// --- /forgot-password ---
export const FORGOT_PASSWORD_ROUTE = '/forgot-password';
export const RESET_TITLE = 'Reset your password';
export const RESET_INTRO =
  'Enter the email you signed up with. We will send you a link to set a new password.';
export const RESET_SUBMIT = 'Send reset link';
/** Busy label. */
export const RESET_BUSY = 'Sending...';
/** Said whether or not an account uses the address: the form never tells who has an account. */
export const resetSentText = (email: string): string =>
  `If an account uses ${email}, a link to reset its password is on its way. Check your inbox, then sign in with your new password.`;
export const BACK_TO_SIGN_IN = 'Back to Sign In';

// --- /login-google ---
export const LOGIN_GOOGLE_TITLE = 'Login with Google';
export const LOGIN_GOOGLE_LABEL = 'Login with Google';
/** Busy label. */
export const LOGIN_GOOGLE_BUSY = 'Logging In...';
/** The Google login page's only error message. */
export const LOGIN_GOOGLE_ERROR = 'There was an error logging in. Please try again.';
/** Where the stored role sends the user after Google login. */
export const ADMIN_DASHBOARD_ROUTE = '/admin-dashboard';
export const USER_DASHBOARD_ROUTE = '/user-dashboard';

// --- /logout ---
export const LOGOUT_TITLE = 'Logout';
export const LOGOUT_LABEL = 'Logout';
export const LOGOUT_INTRO = 'Sign out of your account on this device.';

// --- /welcome ---
export const WELCOME_ROUTE = '/welcome';
export const SIGN_IN_ROUTE = '/signin';
export const SIGN_UP_ROUTE = '/signup';
export const SIGNED_OUT_TEXT = 'You are signed out.';
export const welcomeTitle = (name: string | null): string =>
  name ? `Welcome, ${name}!` : 'Welcome!';
export const WELCOME_TEXT = 'You are signed in. Here is where to go next:';
export const WELCOME_SIGNED_OUT_TEXT = 'Sign in to make this site yours.';
export const WELCOME_BLOG_LINK = 'Read the blog';
export const WELCOME_EBOOK_LINK = 'Browse the e-books';

// --- /user-dashboard ---
export const USER_DASHBOARD_TITLE = 'Your Dashboard';
export const PROFILE_HEADING = 'Profile';
export const ROLE_LABEL = 'Role';
export const PROFILE_LOADING = 'Loading your profile...';
export const PROFILE_LOAD_ERROR = 'Could not load your profile.';
export const EDIT_USERNAME_HEADING = 'Change your username';
export const SAVE_USERNAME_LABEL = 'Save username';
export const SAVE_USERNAME_BUSY = 'Saving...';
export const USERNAME_SAVED = 'Username saved.';
export const ROLE_NAMES = { user: 'User', admin: 'Admin' } as const;
export const ADMIN_DASHBOARD_LINK = 'Go to the admin dashboard';

// --- /admin-dashboard ---
export const ADMIN_DASHBOARD_TITLE = 'Admin Dashboard';
export const NOT_ALLOWED_TITLE = 'Not allowed';
export const NOT_ALLOWED_TEXT =
  'This page is for administrators, and your account does not have the admin role.';
export const USER_DASHBOARD_LINK = 'Go to your dashboard';
/** An ApiError 403: the API enforces the role, the page only reflects it. */
export const ADMIN_FORBIDDEN_MESSAGE =
  'The content API refused this: your account does not have the admin role.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export const TAB_PROJECTS = 'Projects';
export const TAB_ARTICLES = 'Articles';
export const TAB_MESSAGES = 'Messages';
export const ADMIN_SECTIONS_LABEL = 'Content to manage';

/** The site's list errors (docs/product.md#blog, #portfolio), reused for the admin lists. */
export const PROJECTS_LOAD_ERROR = 'Failed to load projects.';
export const ARTICLES_LOAD_ERROR = 'Failed to load articles. Please try again later.';
export const MESSAGES_LOAD_ERROR = 'Failed to load messages.';
export const LIST_LOADING = 'Loading...';
export const PROJECT_SAVE_ERROR = 'The project could not be saved.';
export const ARTICLE_SAVE_ERROR = 'The article could not be saved.';
export const DELETE_ERROR = 'The item could not be deleted.';
export const UPLOAD_ERROR = 'The image could not be uploaded.';
export const MESSAGE_UPDATE_ERROR = 'The message could not be updated.';
export const RETRY_LABEL = 'Try again';

export const NEW_PROJECT_LABEL = 'New project';
export const NEW_ARTICLE_LABEL = 'New article';
export const EDIT_LABEL = 'Edit';
export const DELETE_LABEL = 'Delete';
export const DELETE_BUSY = 'Deleting...';
export const CANCEL_LABEL = 'Cancel';
/** Saves a published item as it is (it stays published). */
export const SAVE_LABEL = 'Save';
export const SAVE_BUSY = 'Saving...';

// --- Drafts and publishing (docs/decisions/120) ---
/** Saves a new item or a draft without publishing it. */
export const SAVE_DRAFT_LABEL = 'Save draft';
/** Saves a published item as a draft again: it leaves the site. */
export const SAVE_AS_DRAFT_LABEL = 'Save as draft';
export const PUBLISH_LABEL = 'Publish';
/** A publication time in the future: saved, and published then. */
export const SCHEDULE_LABEL = 'Schedule';
export const PUBLISH_NOW_LABEL = 'Publish now';
export const UNPUBLISH_LABEL = 'Unpublish';
export const PUBLISH_AT_LABEL = 'Publication time (optional)';
export const PUBLISH_AT_HINT =
  'Empty: published when you publish. A later time schedules it: it appears on the site then.';
export const PREVIEW_LABEL = 'Preview';
export const VIEW_LABEL = 'View';
export const PUBLICATION_ERROR = 'The publication could not be changed.';
export const publishedNotice = (title: string): string => `"${title}" is published.`;
export const scheduledNotice = (title: string, when: string): string =>
  `"${title}" is scheduled for ${when}.`;
export const unpublishedNotice = (title: string): string =>
  `"${title}" is a draft again: visitors no longer see it.`;
export const NO_PROJECTS = 'No projects yet.';
export const NO_ARTICLES = 'No articles yet.';
export const NO_MESSAGES = 'No messages yet.';
export const PROJECT_SAVED = 'Project saved.';
export const ARTICLE_SAVED = 'Article saved.';
export const PROJECT_DELETED = 'Project deleted.';
export const ARTICLE_DELETED = 'Article deleted.';
export const newOrEditTitle = (kind: 'project' | 'article', editing: boolean): string =>
  `${editing ? 'Edit' : 'New'} ${kind}`;
export const confirmDeleteText = (title: string): string =>
  `Delete "${title}"? This cannot be undone.`;
export const CONFIRM_DELETE_LABEL = 'Confirm deletion';

export const TITLE_LABEL = 'Title';
export const DESCRIPTION_LABEL = 'Description';
export const CONTENT_LABEL = 'Content (Markdown)';
export const PREVIEW_HEADING = 'Preview';
export const PREVIEW_EMPTY = 'Nothing to preview yet.';
export const SKILLS_LABEL = 'Skills (comma separated)';
export const LINK_LABEL = 'Link (optional)';
export const IMAGE_PATH_LABEL = 'Image path';
export const IMAGE_PATH_HINT = 'Upload an image, or enter the path of a stored one (/images/...).';
export const UPLOAD_IMAGE_LABEL = 'Upload image';
export const UPLOAD_BUSY = 'Uploading...';
export const IMAGE_UPLOADED = 'Image uploaded.';
export const DELETE_IMAGE_LABEL = 'Delete uploaded image';
export const IMAGE_DELETED = 'Image deleted.';
export const DELETE_IMAGE_ERROR = 'The image could not be deleted.';

export const MESSAGE_FROM = 'From';
export const MARK_READ_LABEL = 'Mark as read';
export const MARK_UNREAD_LABEL = 'Mark as unread';
export const READ_STATUS = 'Read';
export const UNREAD_STATUS = 'Unread';

// The member's own dashboard (docs/decisions/206, 207).
export const MEMBER_NEWSLETTER_HEADING = 'Your newsletter subscription';
export const MEMBER_NEWSLETTER_NONE = 'Get new articles by e-mail. Unsubscribe any time.';
export const memberNewsletterConfirmed = (email: string): string =>
  `You are subscribed: new articles are sent to ${email}.`;
export const memberNewsletterPending = (email: string): string =>
  `Almost there: confirm from the mail sent to ${email}.`;
export const MEMBER_SUBSCRIBE_LABEL = 'Subscribe';
export const MEMBER_UNSUBSCRIBE_LABEL = 'Unsubscribe';
export const MEMBER_NEWSLETTER_LOADING = 'Loading your subscription…';
export const MY_COMMENTS_HEADING = 'Your comments';
export const MY_COMMENTS_EMPTY = 'You have not commented yet.';
export const MY_COMMENTS_LOADING = 'Loading your comments…';
export const MY_COMMENT_STATUS: Record<'pending' | 'approved' | 'hidden', string> = {
  pending: 'Waiting for approval',
  approved: 'Published',
  hidden: 'Hidden by the owner',
};
export const MY_DATA_HEADING = 'Your data';
export const MY_DATA_TEXT =
  'Download everything this site keeps about you (your profile, comments and subscription) as a JSON file, or delete your account.';
export const EXPORT_DATA_LABEL = 'Download my data';
export const EXPORT_DATA_BUSY = 'Preparing…';
export const MY_DATA_FILE = 'my-data.json';
export const DELETE_ACCOUNT_LABEL = 'Delete my account';
export const DELETE_ACCOUNT_DIALOG = 'Delete your account';
export const DELETE_ACCOUNT_WARNING =
  'Your account, profile and newsletter subscription are deleted. Your comments are removed, or kept as “A deleted member”, as the site’s owner decided. This cannot be undone.';
export const DELETE_ACCOUNT_CONFIRM = 'Yes, delete my account';
export const DELETE_ACCOUNT_BUSY = 'Deleting…';
export const BACK_HOME_LABEL = 'Back to the home page';
