/** Every route the web knows, in one place; screens link through `getHref` rather than spelling paths out. */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  serverNotAvailable: {
    path: '/server_not_available',
    getHref: () => '/server_not_available',
  },
} as const;
