/** The whole list as a ZIP: every entry, and the history and Rising Stars places of every fiction in it. */
export const LIST_EXPORT_PATH = '/userFictions/export';

/** The name to save it under when the server names none. */
export const LIST_EXPORT_FILENAME = 'my-fictions.zip';
