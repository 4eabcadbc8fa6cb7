import english from '../i18n/en/shell.json';
import { englishNamespace } from '../i18n/i18n';

/**
 * The texts of the member and admin frames and of the shared pieces of the signed-in screens (dialogs, tables,
 * amounts; decision 0039). Kept out of `common`, which every first screen downloads.
 */
export const SHELL_NS = englishNamespace('shell', english);
