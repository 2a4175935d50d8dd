// What the door keeps on the phone, in IndexedDB (docs/decisions/024-offline-door.md): each event's
// door list, and the queue of actions taken offline, in the order they were taken. Written by hand:
// a dozen lines of IndexedDB instead of a library. Signing out clears it all (Clear-Site-Data), so
// the admin header's Sign Out asks first while actions wait (docs/decisions/040-sign-out-and-the-door-queue.md).
import type { DoorAction, DoorList } from "../door-types";

/** An action waiting to be sent; `seq` keeps the order they were taken in. */
export type Queued = { seq?: number; eventId: number; action: DoorAction; name: string };

const LISTS = "lists";
const QUEUE = "queue";

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open("door", 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(LISTS, { keyPath: "event.id" });
      request.result.createObjectStore(QUEUE, { keyPath: "seq", autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** One transaction on one store; the connection is closed after it, so clearing the site's data never waits on it. */
async function run<T>(store: string, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const request = work(transaction.objectStore(store));
    transaction.oncomplete = () => {
      db.close();
      resolve(request ? request.result : undefined);
    };
    transaction.onerror = transaction.onabort = () => {
      db.close();
      reject(transaction.error);
    };
  });
}

export const readList = (eventId: number) => run<DoorList>(LISTS, "readonly", (store) => store.get(eventId));
export const saveList = (list: DoorList) => run(LISTS, "readwrite", (store) => void store.put(list));

export async function queued(eventId: number): Promise<Queued[]> {
  const all = (await run<Queued[]>(QUEUE, "readonly", (store) => store.getAll())) ?? [];
  return all.filter((entry) => entry.eventId === eventId);
}

/** How many actions wait on this phone, for any event: what signing out would delete. */
export const waitingOnPhone = async () => (await run<number>(QUEUE, "readonly", (store) => store.count())) ?? 0;

export const enqueue = (entry: Queued) => run(QUEUE, "readwrite", (store) => void store.add(entry));

export const dequeue = (seqs: number[]) => run(QUEUE, "readwrite", (store) => seqs.forEach((seq) => store.delete(seq)));

/** Deletes the lists kept past their time (48 hours after the event), with what they still had queued. */
export async function dropExpired(now = new Date()) {
  const lists = (await run<DoorList[]>(LISTS, "readonly", (store) => store.getAll())) ?? [];
  const expired = lists.filter((list) => list.expiresAt < now.toISOString()).map((list) => list.event.id);
  if (!expired.length) return;
  await run(LISTS, "readwrite", (store) => expired.forEach((id) => store.delete(id)));
  const stale = ((await run<Queued[]>(QUEUE, "readonly", (store) => store.getAll())) ?? []).filter((entry) => expired.includes(entry.eventId));
  await dequeue(stale.map((entry) => entry.seq!));
}
