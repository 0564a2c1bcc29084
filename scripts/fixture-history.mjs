// The history every old-build fixture holds (scripts/build-v2-fixture.mjs, build-v3-fixture.mjs):
// written through an old build's own store, so the database is laid out as that release laid it out.

/**
 * Writes the fixture history into a fresh database `name` with `old`, the old build's module
 * (openStore and the message constructors), and closes it.
 */
export async function writeFixtureHistory(old, name) {
  let next = 0;
  let clock = Date.UTC(2025, 3, 1);
  const store = await old.openStore({ name, generateId: () => `e${String(++next).padStart(6, '0')}`, now: () => new Date((clock += 1000)) });

  // A chat in many scripts, with a tool window, a fork (an edited question and a regenerated answer) and a compaction.
  const trip = await store.createConversation({ id: 'trip', title: 'Trip planning' });
  const [question] = await store.append(trip.id, [old.user('What is the weather in Oslo in May?')]);
  await store.append(trip.id, [
    old.assistant([{ type: 'reasoning', text: 'hiddenreasoning' }, old.toolCall('call-1', 'weather', { city: 'hiddenargument' })]),
    old.toolResult('call-1', 'weather', 'Oslo: mild, around 15 degrees'),
    old.assistant('May in Oslo is mild: pack a light jacket.'),
  ]);
  const [edited] = await store.append(trip.id, [old.user('Quelle est la météo à Paris en mai ?')], { parentId: null });
  await store.append(trip.id, [old.assistant('À Paris, le café en terrasse est agréable en mai.')]);
  await store.append(trip.id, [old.assistant('Une autre version : il pleut parfois à Paris.')], { parentId: edited.id });
  await store.appendCompaction(trip.id, { summary: 'The user asked about spring weather in Paris', firstKeptId: edited.id });
  await store.checkout(trip.id, question.id);

  const scripts = await store.createConversation({ id: 'scripts', title: 'Many scripts' });
  await store.append(scripts.id, [
    old.user('今天的天气很好'), old.assistant('東京に行きたいです'), old.user('서울에서 만나요'), old.assistant('Поездка в Москву'),
    old.user('ＦＵＬＬ ｗｉｄｔｈ text'),
  ]);
  await store.settle(scripts.id);

  // A conversation imported from an export (the import path of 0.2), and many small ones.
  const exported = await store.exportConversation(trip.id);
  await store.importConversation(exported); // the ids are taken: it gets fresh ones
  for (let index = 0; index < 40; index++) {
    const { id } = await store.createConversation({ id: `small-${index}`, title: `small ${index}` });
    await store.append(id, [old.user(`note number ${index} about gardening`), old.assistant(`reply ${index}: water the tomatoes`)]);
  }
  await store.createConversation({ id: 'empty', title: 'empty' });
  store.close();
}
