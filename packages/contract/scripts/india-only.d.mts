import type { MetadataJson } from 'libphonenumber-js/core';
export declare const indiaOnly: (metadata: MetadataJson) => MetadataJson;
