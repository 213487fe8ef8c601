/** Request and answer shapes of the seo area. */
export {};
