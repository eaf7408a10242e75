import Papa from 'papaparse';

/**
 * Parses CSV text off the main thread (a same-origin module worker, which the content security
 * policy allows, unlike the blob workers of Papa's own worker mode). Same options as the server.
 */
self.onmessage = (event: MessageEvent<string>) => {
  const result = Papa.parse<string[]>(event.data, { skipEmptyLines: 'greedy' });
  self.postMessage(result.data);
};
