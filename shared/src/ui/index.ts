// UI primitives used by two or more apps. One small module, shared as a federation singleton.
export { Button } from './Button';
export type { ButtonProps } from './Button';
export { Card } from './Card';
export { Spinner } from './Spinner';
export { DRAFT_NOTICE_TEXT, DRAFT_NOTICE_TITLE, DraftNotice } from './DraftNotice';
export { ErrorMessage } from './ErrorMessage';
export { Modal } from './Modal';
export type { ModalProps } from './Modal';
export { ResponsiveImage } from './ResponsiveImage';
export type { ImageLoading, ResponsiveImageProps } from './ResponsiveImage';
export { useTypedBeforeHydration } from './use-typed-before-hydration';
export { Honeypot } from './Honeypot';
export type { HoneypotProps } from './Honeypot';
