import { OfflineAdvisor } from './src/server/modules/chatbot/advisor/advisor';
import { memoryInventory } from './test/advisor/memory-inventory';
const inv = memoryInventory();
const adv = new OfflineAdvisor(inv, () => new Date('2026-11-21T09:00:00Z'));
const convo: { role: 'user' | 'model'; content: string }[] = [{ role: 'model', content: 'Xin chào! Tôi là trợ lý tư vấn xe AI. Bạn cần hỗ trợ gì hôm nay?' }];
for (const q of process.argv.slice(2)) {
  convo.push({ role: 'user', content: q });
  const r = await adv.answer(convo);
  console.log(`\n>>> ${q}\n[${r.kind}] ${JSON.stringify(r.cars)}\n${r.text}`);
  convo.push({ role: 'model', content: r.text });
}
