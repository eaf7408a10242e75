// What other areas may know of a person (the read side of people, below employees): devices, assets,
// bundles, orders, flows and the audit log name and hand things to people through here, so they never
// import the employees module, which itself calls them (returning devices of a removed person).
export { emailsByUuid, namesByUuid, type PersonRef, peopleByKeys, personRef, personRefs } from './people.ts';
export { readerSettings } from './reader.ts';
export { itOwnerUuids, personNameSql, personSql } from './recipients.ts';
export { countPeopleInScope, listPeopleInScope, type PeopleScope, peopleInScope } from './scope.ts';
