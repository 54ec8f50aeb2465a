export * from './problem-details.ts';
export * from './guidebook/guidebook-limits.ts';
export * from './guidebook/guidebook-events.ts';
export * from './guidebook/guidebook-http.ts';
export * from './guidebook/guidebook-read-models.ts';
