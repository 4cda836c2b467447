// What the shell makes of a remote's exposed page module: the one contract a remote's page
// types must fit (check:compat checks each candidate's published types against it, ADR 194).
// Types only, so that check compiles this file and not the shell.
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { HeadArgs, HeadSpec } from '@portfolio/shared/head';

/** What a remote's exposed page module provides. */
export interface PageModule {
  default: ComponentType;
  /** The page's data loader; runs on the server for the first render, in the browser after. */
  loader?: (args: LoaderFunctionArgs) => unknown;
  /**
   * The page's head metadata, from its loader's state (docs/decisions/060). A method, so its
   * argument is checked both ways: a page's `head` takes its own loader's state (PageHead<typeof
   * loader>), which the shell hands it, and is no function of any `unknown` data.
   */
  head?(args: HeadArgs<unknown>): HeadSpec;
}
